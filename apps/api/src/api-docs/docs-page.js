// The browser script of /api/v1/docs, run before Scalar's bundle (routes.ts serves both from this origin).

// Scalar bundles zod, which first tries `new Function('')` to learn whether it may compile its validators:
// the page's CSP refuses eval, and the browser reports every refusal. Told up front, zod does without.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

document.addEventListener('DOMContentLoaded', () => {
  // Not #api-reference: the bundle mounts an element of that id by itself, with its default settings.
  const mount = document.getElementById('reference');
  globalThis.Scalar.createApiReference(mount, {
    // This origin's document; requests sent from the page go to its server (this origin) and nowhere
    // else: no proxy is set, and the CSP's connect-src is 'self'.
    url: mount.dataset.url,
    // Off: Inter and a monospace font from fonts.scalar.com (the system's are used), telemetry,
    // the developer toolbar and deploy buttons (shown on localhost), the AI agent, the MCP generator,
    // and "Open API Client", which opens client.scalar.com with this document's address.
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    hideClientButton: true,
  });
});
