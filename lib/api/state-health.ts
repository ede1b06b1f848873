import { type ApiServices, apiServices } from "./api-services";

export interface StateStoreHealth {
  store: string;
  reachable: boolean;
}

/** Whether the API key store and the rate-limit store answer now (for /api/health/). */
export async function stateStoreHealth(services: ApiServices = apiServices()): Promise<{ api_keys: StateStoreHealth; rate_limits: StateStoreHealth }> {
  const answers = (ping: Promise<void>) => ping.then(() => true, () => false);
  const [keys, limits] = await Promise.all([answers(services.keys.ping()), answers(services.limiter.ping())]);
  return { api_keys: { store: services.keys.kind, reachable: keys }, rate_limits: { store: services.limitStore, reachable: limits } };
}
