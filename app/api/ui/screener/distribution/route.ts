// POST /api/ui/screener/distribution/ - a field's histogram over the screen's matches and the data set, and the matches' sectors
import { uiRoute } from "@/lib/api/route";
import { screenDistributionOperation } from "@/lib/api/ui-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(screenDistributionOperation, (context) => answerQuery("screenDistribution", context));
