import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';

/**
 * What a route reads from a request, as the shared zod schemas its handler parses with. Handlers
 * keep parsing themselves (their errors name the field in the request's language); this
 * declaration is what tools outside the handler see: the fuzzer builds its bad requests from it.
 */
export interface RouteInput {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** A multipart form: its text fields, and the name of the one file field it reads. */
  upload?: { fields: ZodType; file: string };
}

/** The declaration of a route that reads nothing from the request but who sends it. */
export const NO_INPUT: RouteInput = Object.freeze({});

/** A multipart form carrying one image and no other field. */
export const IMAGE_ONLY: RouteInput['upload'] = Object.freeze({ fields: z.object({}), file: 'image' });

declare module 'fastify' {
  interface FastifyContextConfig {
    input?: RouteInput;
  }
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Undefined when the route declares nothing, which the fuzzer counts as a failure. */
  input: RouteInput | undefined;
}

/**
 * Keeps every route as it is added, with its declared input. Registered on the root app before
 * any module, so the hook sees the routes of every plugin.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // @fastify/static adds one route per built file (its config names the file): they read nothing.
    const staticFile = route.config as { file?: unknown; rootPath?: unknown } | undefined;
    const input = route.config?.input ?? (staticFile?.file !== undefined && staticFile.rootPath !== undefined ? NO_INPUT : undefined);
    for (const method of methods) table.push({ method, url: route.url, input });
  });
}
