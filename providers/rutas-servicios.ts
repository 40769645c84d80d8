/**
 * A services path from a resource's declared template (resources/*.ts, `paths`): each `{name}`
 * filled, URL-encoded, from `values`. Pages name the resource and the values, never a URL.
 */
export function rutaServicios(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined || v === '') throw new Error(`Falta ${name} para ${template}`);
    return encodeURIComponent(String(v));
  });
}
