// The example page: reads the theme for the user named in ?user= through
// the typed client and renders it. It writes what it rendered into #result
// as JSON, for the browser test to compare with the library's own answer.
import { loadThemeFor, logoFor, resolveColor, themingClient, type ThemeForUser, type Scheme } from "./client";

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`the page has no #${id}`);
  return el as T;
}

function render({ theme, palette, catalog, themes }: ThemeForUser): void {
  const defs = new Map(catalog.map((d) => [d.component_id, d]));
  const color = (id: string, scheme: Scheme) => resolveColor(theme, defs, id, scheme);

  document.title = theme.name;
  byId("theme-name").textContent = theme.name;
  byId("theme-id").textContent = String(theme.id);
  byId("theme-count").textContent = String(themes.length);
  byId("component-count").textContent = String(catalog.length);

  const brand = byId("brand");
  brand.style.background = color("nav-bar", "light") ?? "";
  brand.style.color = color("nav-text", "light") ?? "";
  brand.style.justifyContent = theme.logo_alignment === "left" ? "flex-start" : theme.logo_alignment;
  const logo = byId<HTMLImageElement>("logo");
  const src = logoFor(theme, "light");
  if (src === null) {
    logo.hidden = true;
  } else {
    logo.src = src;
    logo.height = theme.logo_height;
    logo.style.margin = `${theme.logo_margin_top}px 0 0 ${theme.logo_margin_left}px`;
  }
  document.body.style.background = color("page-background", "light") ?? "";
  document.body.style.color = color("text-primary", "light") ?? "";

  const list = byId("palette");
  for (const c of palette) {
    const li = document.createElement("li");
    li.style.background = c;
    li.textContent = c;
    list.append(li);
  }

  const rows = byId<HTMLTableSectionElement>("components");
  const colors: Record<string, { light: string; dark: string }> = {};
  for (const d of catalog) {
    const light = color(d.component_id, "light") ?? "";
    const dark = color(d.component_id, "dark") ?? "";
    colors[d.component_id] = { light, dark };
    const tr = rows.insertRow();
    tr.dataset.component = d.component_id;
    tr.insertCell().textContent = d.component_id;
    for (const c of [light, dark]) {
      const td = tr.insertCell();
      const swatch = document.createElement("span");
      swatch.style.background = c;
      td.append(swatch, c);
    }
  }

  byId("result").textContent = JSON.stringify({
    id: theme.id,
    name: theme.name,
    logo: src,
    palette,
    components: catalog.length,
    themes: themes.map((t) => t.name),
    colors,
  });
}

function fail(err: unknown): void {
  const el = byId("error");
  el.hidden = false;
  el.textContent = err instanceof Error ? err.message : String(err);
  byId("result").textContent = JSON.stringify({ error: el.textContent });
}

const user = new URLSearchParams(location.search).get("user") ?? undefined;
loadThemeFor(themingClient(location.origin), user).then(render, fail);
