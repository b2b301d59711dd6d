// A typed client of the themekit theming API. Every type comes from
// schema.d.ts, which openapi-typescript generates from the OpenAPI document
// the server publishes at /api/v2/schema/: nothing here is written by hand
// from sample responses.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema";

export type ComponentDefinition = components["schemas"]["ComponentDefinition"];
export type Theme = components["schemas"]["Theme"];
export type UserTheme = components["schemas"]["UserTheme"];
export type LogoType = components["schemas"]["LogoType"];
export type ColorOverride = components["schemas"]["ColorOverride"];
/** The requesting user's theme resolved, from /api/v2/theme/colors/: every CSS variable per scheme. */
export type ResolvedColors = components["schemas"]["ResolvedColors"];
export type ImageUrl = components["schemas"]["MediaUrl"];
export type Scheme = "light" | "dark";

/** The API's client, reading JSON only. */
export type ThemingClient = Client<paths, "application/json">;

export function themingClient(baseUrl: string): ThemingClient {
  return createClient<paths, "application/json">({ baseUrl });
}

/** What a page needs to render the theme for a user. */
export interface ThemeForUser {
  theme: UserTheme;
  /** The theme's palette preview, from the theme list (the theme for a user carries none). */
  palette: string[];
  catalog: ComponentDefinition[];
  themes: Theme[];
}

/** An answer other than 200, with the API's detail message. */
export class ThemingError extends Error {
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${endpoint}: ${status} ${detail}`);
    this.name = "ThemingError";
  }
}

/**
 * Reads the three endpoints. user names the demo user (the example
 * server's X-Demo-User header); undefined asks as nobody in particular.
 */
export async function loadThemeFor(client: ThemingClient, user?: string): Promise<ThemeForUser> {
  const header = user === undefined ? {} : { "X-Demo-User": user };
  const [config, defs, list] = await Promise.all([
    client.GET("/api/v2/theme/config/", { params: { header } }),
    client.GET("/api/v2/theme/component-defs/"),
    client.GET("/api/v2/theme/"),
  ]);
  if (config.error !== undefined) {
    throw new ThemingError("theme config", config.response.status, config.error.detail);
  }
  if (defs.error !== undefined) {
    throw new ThemingError("component definitions", defs.response.status, defs.error.detail);
  }
  if (list.error !== undefined) {
    throw new ThemingError("themes", list.response.status, list.error.detail);
  }
  const theme = config.data;
  const listed = list.data.find((t) => t.id === theme.id);
  return { theme, palette: listed?.palette_preview ?? [], catalog: defs.data, themes: list.data };
}

/**
 * Resolves a component's color in a scheme under a theme, as the library
 * does: the theme's override of the component in that scheme, else the
 * component's fallback; a value that names another component is resolved
 * the same way. It returns the hsl()/hsla() string, or undefined for a
 * component the catalog does not have.
 */
export function resolveColor(
  theme: Theme | UserTheme,
  catalog: ReadonlyMap<string, ComponentDefinition>,
  componentId: string,
  scheme: Scheme,
): string | undefined {
  // The served document types a theme's colors as a record of the host's
  // component ids; the walk below goes by ids read at run time.
  const overrides: Readonly<Record<string, ColorOverride | undefined>> = theme.colors;
  let id = componentId;
  for (let step = 0; step <= catalog.size; step++) {
    const def = catalog.get(id);
    if (def === undefined) return undefined;
    const value = overrides[id]?.[scheme] ?? def.fallback[scheme];
    if (value.includes("(")) return value; // an hsl() or hsla() color
    id = value; // a component id
  }
  return undefined; // a cycle, which the library refuses to load
}

/** The logo a scheme shows, as the theme's logo type says, or null when unset. */
export function logoFor(theme: Theme | UserTheme, scheme: Scheme, compact = false): ImageUrl | null {
  const type: LogoType = compact
    ? scheme === "light" ? theme.compact_light_mode_logo_type : theme.compact_dark_mode_logo_type
    : scheme === "light" ? theme.light_mode_logo_type : theme.dark_mode_logo_type;
  if (compact) return type === "INVERSE" ? theme.compact_logo_inverse : theme.compact_logo;
  return type === "INVERSE" ? theme.logo_inverse : theme.logo;
}
