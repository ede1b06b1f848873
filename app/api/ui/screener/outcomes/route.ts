// POST /api/ui/screener/outcomes/ - per filter, companies that failed it and companies it left out for missing data
import { uiRoute } from "@/lib/api/route";
import { screenOutcomesOperation } from "@/lib/api/ui-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(screenOutcomesOperation, (context) => answerQuery("screenOutcomes", context));
