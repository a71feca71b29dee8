// Postline's /docs: Swagger UI, whose "Try it out" sends each operation's example as it
// is. The examples name a channel no install has (its id is in the page's
// data-example-channel): a request body naming it is sent with the first channel the
// entered key sees instead (GET /v1/channels?per_page=1), so that the example of
// POST /v1/posts publishes to one of your channels. Ids in a path are left as they are:
// an example DELETE never reaches a channel of yours. A key that sees no channel sends
// the example as it is (400: no such channel): POST /v1/channels makes one.
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  var exampleChannel = root.dataset.exampleChannel;

  function firstChannel(authorization) {
    return fetch("/v1/channels?per_page=1", { headers: { Authorization: authorization } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (body) { return body && body.data.length ? body.data[0].id : null; })
      .catch(function () { return null; });
  }

  function withFirstChannel(request) {
    var authorization = request.headers && request.headers.Authorization;
    if (!authorization || typeof request.body !== "string" || request.body.indexOf(exampleChannel) < 0) {
      return request;
    }
    return firstChannel(authorization).then(function (channelId) {
      if (channelId) {
        request.body = request.body.split(exampleChannel).join(channelId);
      }
      return request;
    });
  }

  window.onload = function () {
    window.ui = SwaggerUIBundle({
      url: root.dataset.specUrl,
      dom_id: "#swagger-ui",
      requestInterceptor: withFirstChannel,
    });
  };
})();
