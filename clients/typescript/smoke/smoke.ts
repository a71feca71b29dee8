// The TypeScript SDK (clients/typescript/src) against a live Postline, as a client
// developer uses it: create a channel, upload an image, schedule a post on a test key,
// page through the posts by cursor, wait for the post to be `done`, read its targets,
// and verify the `post.delivered` webhook with the `standardwebhooks` package.
//
// tests/clients/test_sdks.py compiles it with the SDK (`tsc --strict`, tsconfig.json)
// and runs the compiled smoke.js with POSTLINE_URL and POSTLINE_API_KEY (a test key);
// by hand: `npm run build && POSTLINE_URL=... POSTLINE_API_KEY=... npm run smoke`.

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

import { client } from "../src/client.gen";
import {
  createChannel,
  createPost,
  createWebhook,
  getPost,
  listPosts,
  type Post,
  type PostDeliveredEvent,
  uploadMedia,
} from "../src";

// A 1x1 PNG.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const WAIT_MS = 60_000;

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) {
    throw new Error(`check failed: ${what}`);
  }
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = await attempt();
    if (found !== undefined) {
      return found;
    }
    if (Date.now() > deadline) {
      throw new Error(`no ${what} within ${WAIT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") {
      headers[name] = value;
    }
  }
  return headers;
}

/** A webhook endpoint on 127.0.0.1 that keeps every request it is sent. */
async function startReceiver(deliveries: Delivery[]): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({ headers: headersOf(request), body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "Content-Length": "0" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/postline`, server };
}

/** Every post's id, two per page, following `next_cursor` to the end. */
async function pageThrough(): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { data: page } = await listPosts({ query: { per_page: 2, sort: "createdAt", cursor }, throwOnError: true });
    seen.push(...page.data.map((post) => post.id));
    const next = page.meta.pagination.next_cursor;
    if (next === null) {
      return seen;
    }
    cursor = next;
  }
}

async function published(postId: string): Promise<Post> {
  return waitFor(`end of publishing for ${postId}`, async () => {
    const { data } = await getPost({ path: { post_id: postId }, throwOnError: true });
    return data.data.status === "queued" || data.data.status === "publishing" ? undefined : data.data;
  });
}

async function main(): Promise<void> {
  const baseUrl = process.env.POSTLINE_URL;
  const key = process.env.POSTLINE_API_KEY;
  check(baseUrl !== undefined && key !== undefined, "POSTLINE_URL and POSTLINE_API_KEY are set");
  client.setConfig({ baseUrl, auth: () => key });

  const deliveries: Delivery[] = [];
  const receiver = await startReceiver(deliveries);
  try {
    const { data: hook } = await createWebhook({
      body: { url: receiver.url, events: ["post.delivered"] },
      throwOnError: true,
    });
    const secret = hook.data.secret;
    check(secret !== undefined, "the new webhook's answer holds its secret");
    const { data: channel } = await createChannel({ body: { name: "SDK smoke" }, throwOnError: true });
    const { data: media } = await uploadMedia({
      body: { file: new File([PIXEL], "pixel.png", { type: "image/png" }), altText: "A pixel" },
      throwOnError: true,
    });
    check(media.data.contentType === "image/png" && media.data.width === 1, "the upload is a 1x1 png");

    const { data: post } = await createPost({
      body: {
        channelId: channel.data.id,
        content: "Hello from the TypeScript SDK",
        media: [media.data.key],
        scheduledFor: Date.now() + 2000,
      },
      throwOnError: true,
    });
    const drafts: string[] = [];
    for (const n of [0, 1]) {
      const { data: draft } = await createPost({
        body: { channelId: channel.data.id, content: `Draft ${n}`, status: "draft" },
        throwOnError: true,
      });
      drafts.push(draft.data.id);
    }
    const listed = await pageThrough();
    check(JSON.stringify(listed) === JSON.stringify([post.data.id, ...drafts]), `pages hold each post once: ${listed}`);

    const done = await published(post.data.id);
    check(done.status === "done", `the post is done: ${JSON.stringify(done.lastError)}`);
    const targets = done.targets.map((target) => `${target.platform}:${target.status}`);
    check(JSON.stringify(targets) === '["sandbox:published"]', `one published sandbox target: ${targets}`);
    check(done.targets[0].platformPostId !== null, "the target has the platform's post id");

    const delivery = await waitFor("post.delivered webhook", async () => deliveries[0]);
    const event = new Webhook(secret).verify(delivery.body, delivery.headers) as PostDeliveredEvent;
    check(event.event === "post.delivered" && event.data.post_id === post.data.id, "the verified event");
    console.log(`ok: ${post.data.id} published and its webhook verified`);
  } finally {
    receiver.server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
