import { type ApiServices, apiServices } from "./api-services";
import { HttpProblem } from "./problem";

export interface StateStoreHealth {
  store: string;
  reachable: boolean;
}

/**
 * The API key store and the rate-limit store, and whether each answers now (for /api/health/).
 * Throws a 503 problem naming the store that does not: API requests answer 503 until it is back,
 * so a balancer should send this instance nothing meanwhile.
 */
export async function reachableStateStores(services: ApiServices = apiServices()): Promise<{ api_keys: StateStoreHealth; rate_limits: StateStoreHealth }> {
  const answers = (ping: Promise<void>) => ping.then(() => true, () => false);
  const [keys, limits] = await Promise.all([answers(services.keys.ping()), answers(services.limiter.ping())]);
  const stores = { api_keys: { store: services.keys.kind, reachable: keys }, rate_limits: { store: services.limitStore, reachable: limits } };
  const away = [...new Set(Object.values(stores).filter((s) => !s.reachable).map((s) => s.store))];
  if (away.length > 0) {
    throw new HttpProblem("unavailable", `The API state store (${away.join(" and ")}) cannot be reached: API requests answer 503 until it is back.`, {
      headers: { "Retry-After": "5" },
      members: { state_stores: stores },
    });
  }
  return stores;
}
