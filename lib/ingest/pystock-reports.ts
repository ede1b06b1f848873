/** The columns of pystock-data's reports.csv, in its order. */
export const PYSTOCK_REPORT_COLUMNS = [
  "symbol", "end_date", "amend", "period_focus", "fiscal_year", "doc_type", "revenues", "op_income", "net_income",
  "eps_basic", "eps_diluted", "dividend", "assets", "cur_assets", "cur_liab", "cash", "equity", "cash_flow_op",
  "cash_flow_inv", "cash_flow_fin",
] as const;
