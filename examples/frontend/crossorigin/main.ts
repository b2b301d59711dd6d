// The cross-origin page of the browser tests: the @hey-api/openapi-ts
// client, generated from the served document into ./hey by the test,
// bundled with esbuild and loaded from a page on another origin than the
// API. ?api= is the API's origin; ?mode=cors reads every endpoint with and
// without credentials, ?mode=colors compares the resolved colors with the
// stylesheet's computed values. It writes what it saw into #result as
// JSON.
import { client } from "./hey/client.gen";
import { getThemeColors, getThemeConfig, listComponentDefs, listThemes } from "./hey/sdk.gen";

const params = new URLSearchParams(location.search);
const api = params.get("api") ?? "";
client.setConfig({ baseUrl: api });

type Outcome = { ok: boolean; status?: number; detail?: string };

async function attempt(f: () => Promise<{ response?: Response; error?: unknown }>): Promise<Outcome> {
  try {
    const r = await f();
    if (r.response === undefined) return { ok: false, detail: "no response: " + String(r.error) };
    return { ok: r.error === undefined, status: r.response.status };
  } catch (e) {
    return { ok: false, detail: String(e) }; // a CORS refusal is a TypeError
  }
}

async function stylesheetText(user: string | undefined, credentials: RequestCredentials): Promise<Outcome & { text?: string }> {
  try {
    const headers: Record<string, string> = user === undefined ? {} : { "X-Demo-User": user };
    const r = await fetch(api + "/theme.css", { headers, credentials });
    return { ok: r.ok, status: r.status, text: await r.text() };
  } catch (e) {
    return { ok: false, detail: String(e) };
  }
}

// linkedVariable loads the stylesheet with a <link crossorigin> and reads
// one variable from it ("" when the browser refused the sheet).
function linkedVariable(mode: "anonymous" | "use-credentials", name: string): Promise<string> {
  return new Promise((resolve) => {
    const host = document.createElement("div");
    host.className = "probe-" + mode;
    document.body.append(host);
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.crossOrigin = mode;
    link.href = api + "/theme.css";
    const done = () => resolve(getComputedStyle(document.documentElement).getPropertyValue(name).trim());
    link.onload = done;
    link.onerror = () => resolve("");
    document.head.append(link);
  });
}

async function corsMode(): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const credentials of ["omit", "include"] as const) {
    out[credentials] = {
      defs: await attempt(() => listComponentDefs({ credentials })),
      themes: await attempt(() => listThemes({ credentials })),
      config: await attempt(() => getThemeConfig({ credentials })),
      // A header the browser does not safelist: a preflight comes first.
      configForAlice: await (async () => {
        const r = await attempt(() => getThemeConfig({ credentials, headers: { "X-Demo-User": "alice" } }));
        const t = await getThemeConfig({ credentials, headers: { "X-Demo-User": "alice" } }).catch(() => undefined);
        return { ...r, id: t?.data?.id };
      })(),
      colors: await attempt(() => getThemeColors({ credentials })),
      stylesheet: await stylesheetText(undefined, credentials),
    };
  }
  const sheet = out["omit"] as { stylesheet: { text?: string } };
  if (sheet.stylesheet.text !== undefined) sheet.stylesheet.text = sheet.stylesheet.text.slice(0, 40);
  const sheet2 = out["include"] as { stylesheet: { text?: string } };
  if (sheet2.stylesheet.text !== undefined) sheet2.stylesheet.text = sheet2.stylesheet.text.slice(0, 40);
  out["linkAnonymous"] = await linkedVariable("anonymous", "--page-background");
  out["linkCredentials"] = await linkedVariable("use-credentials", "--page-background");
  return out;
}

// colorsMode fetches, for each user named in ?users=, the resolved colors
// and the stylesheet, applies the sheet, and reads the computed color of
// every variable in both schemes from probes (color: var(--x)).
async function colorsMode(): Promise<unknown> {
  const users = (params.get("users") ?? "").split(",").filter((u) => u !== "");
  const out: Record<string, unknown> = {};
  for (const user of users) {
    const colors = await getThemeColors({ headers: { "X-Demo-User": user } });
    const sheet = await stylesheetText(user, "omit");
    if (colors.data === undefined || sheet.text === undefined) {
      out[user] = { error: `colors ${colors.response?.status}, stylesheet ${sheet.status ?? sheet.detail}` };
      continue;
    }
    const frame = document.createElement("section");
    const style = document.createElement("style");
    style.textContent = sheet.text;
    document.head.append(style);
    const computed: Record<string, Record<string, string>> = {};
    for (const scheme of ["light", "dark"] as const) {
      const box = document.createElement("div");
      box.setAttribute("data-color-scheme", scheme);
      frame.append(box);
      document.body.append(frame);
      computed[scheme] = {};
      for (const name of Object.keys(colors.data[scheme])) {
        const probe = document.createElement("span");
        probe.style.color = `var(${name})`;
        box.append(probe);
        computed[scheme]![name] = getComputedStyle(probe).color;
      }
    }
    out[user] = { id: colors.data.id, json: { light: colors.data.light, dark: colors.data.dark }, computed };
    style.remove();
    frame.remove();
  }
  return out;
}

async function main(): Promise<void> {
  const result = document.getElementById("result");
  if (result === null) return;
  try {
    result.textContent = JSON.stringify(params.get("mode") === "colors" ? await colorsMode() : await corsMode());
  } catch (e) {
    result.textContent = JSON.stringify({ error: String(e) });
  }
}

void main();
