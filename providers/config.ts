/** Where the portal finds its back ends; same origin unless built for a hosted deployment. */
const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8080';

export const SERVICES_URL = `${import.meta.env.VITE_SERVICES_URL || origin}/nt/demo/v1/servicios`;
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL || origin;
/** Non-JWT keys are read as anonymous by the built-in gateway; a hosted project needs its real key. */
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY || 'public-anon-key';
