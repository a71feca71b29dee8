"""The video service as the fake answers it: the upload limits (a service token for
the video service), uploadVideo (a service token for the account's PDS, good for
uploadBlob), and the job's status, which goes through encoding before the processed
video is a blob on the PDS. The same file twice is `already_exists` at once."""

import hashlib
import secrets

from devtools.fakes.bluesky.xrpc import did_web, ok, xrpc_error

DAILY_VIDEOS = 25
DAILY_BYTES = 10_000_000_000
VIDEO_BYTES = 300_000_000
PENDING = "JOB_STATE_ENCODING"
COMPLETED = "JOB_STATE_COMPLETED"
FAILED = "JOB_STATE_FAILED"


class Video:
    """The video service side of FakeBluesky (a mixin: FakeBluesky holds the state)."""

    def upload_limits_answer(self, request):
        claims, refusal = self.service_claims(request, "app.bsky.video.getUploadLimits", did_web(self.url))
        if refusal is not None:
            return refusal
        return ok(self.limits_of(claims["iss"]))

    def limits_of(self, did):
        jobs = [job for job in self.jobs.values() if job["did"] == did]
        limits = {
            "canUpload": len(jobs) < DAILY_VIDEOS,
            "remainingDailyVideos": max(0, DAILY_VIDEOS - len(jobs)),
            "remainingDailyBytes": max(0, DAILY_BYTES - sum(job["size"] for job in jobs)),
        }
        return {**limits, **self.upload_limits}

    def upload_video(self, request):
        claims, refusal = self.service_claims(request, "com.atproto.repo.uploadBlob", did_web(self.url))
        if refusal is not None:
            return refusal
        did = request.args.get("did")
        if did != claims["iss"] or not request.args.get("name"):
            return xrpc_error(400, "InvalidRequest", "did and name must be given, did the token's issuer")
        if request.mimetype != "video/mp4":
            return xrpc_error(400, "InvalidRequest", f"Unsupported video type: {request.mimetype}")
        limits = self.limits_of(did)
        if not limits["canUpload"]:
            name, message = limits.get("error") or "InvalidRequest", limits.get("message") or "Limit reached"
            return xrpc_error(400, name, message)
        data = request.get_data()
        if len(data) > VIDEO_BYTES:
            return xrpc_error(413, "PayloadTooLarge", "Video too large")
        digest = hashlib.sha256(data).hexdigest()
        with self._lock:
            done = [job for job in self.jobs.values() if (job["digest"], job["did"]) == (digest, did)]
            if any(job["blob"] for job in done):
                finished = next(job for job in done if job["blob"])
                already = {"error": "already_exists", "message": "Video already processed"}
                return _conflict({**self.status_of(finished), **already})
            job = {
                "jobId": secrets.token_hex(8),
                "did": did,
                "digest": digest,
                "size": len(data),
                "checks": 0,
                "state": "JOB_STATE_CREATED",
                "blob": None,
            }
            self.jobs[job["jobId"]] = job
        return ok(self.status_of(job))  # unwrapped, as the service answers (not {"jobStatus"})

    def job_status(self, request):
        job = self.jobs.get(request.args.get("jobId", ""))
        if job is None:
            return xrpc_error(404, "NotFound", "Job not found")
        with self._lock:
            job["checks"] += 1
            if job["state"] in (COMPLETED, FAILED):
                return ok({"jobStatus": self.status_of(job)})
            if job["checks"] <= self.processing_checks:
                job["state"] = PENDING
            elif self.video_fails:
                job["state"] = FAILED
            else:
                self.finish(job)
        return ok({"jobStatus": self.status_of(job)})

    def finish(self, job):
        """The processed video, stored on the account's PDS as a blob."""
        cid = "bafkrei" + hashlib.sha256(job["digest"].encode()).hexdigest()[:52]
        self.blobs[cid] = {"did": job["did"], "mimeType": "video/mp4", "size": job["size"]}
        job["state"] = COMPLETED
        job["blob"] = {"$type": "blob", "ref": {"$link": cid}, "mimeType": "video/mp4", "size": job["size"]}

    def status_of(self, job):
        status = {"jobId": job["jobId"], "did": job["did"], "state": job["state"]}
        if job["state"] == PENDING:
            status["progress"] = 50
        if job["blob"]:
            status["blob"] = job["blob"]
        if job["state"] == FAILED:
            status.update(error="Video failed to process", failureCode="encoding_failure")
        return status


def _conflict(status):
    """The service's answer to a file it processed before: 409, the finished job's status."""
    response = ok(status)
    response.status_code = 409
    return response
