import { Hono } from 'hono';
import type { AppContext } from '../context.js';

/** Postal-code and country look-ups (GeoNames when configured, offline otherwise). */
export function geoRoutes(_ctx: AppContext) {
  const app = new Hono();
  return app;
}
