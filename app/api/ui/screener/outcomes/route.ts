// POST /api/ui/screener/outcomes/ - per filter, companies that failed it and companies it left out for missing data
import { uiRoute } from "@/lib/api/route";
import { screenOutcomesOperation } from "@/lib/api/ui-operations";
import { runQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(screenOutcomesOperation, ({ body, caller }) => runQuery("screenOutcomes", body, caller));
