// The interactive documentation: Swagger UI on this app's own contract (no inline script,
// so the page's Content-Security-Policy can forbid them).
window.ui = SwaggerUIBundle({
  url: "openapi.yaml",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
});
