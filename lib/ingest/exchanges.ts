/**
 * The exchanges of the FinanceDatabase listings: the prefix each gets in `full_ticker`
 * (`PREFIX:SYMBOL`), its country (to tell a home listing from a cross-listing) and the Yahoo-style
 * symbol suffix FinanceDatabase appends. `rank` orders venues when one security has several home
 * listings: main boards first, regional and cross-listing venues last.
 */
export interface Exchange {
  code: string;
  prefix: string;
  name: string;
  country: string;
  suffix: string;
  rank: number;
}

type Row = [code: string, prefix: string, name: string, country: string, suffix: string];

// Order = rank. US venues first, then main national boards, then secondary and regional venues.
const ROWS: Row[] = [
  ["NYQ", "NYSE", "New York Stock Exchange", "United States", ""],
  ["NMS", "NASDAQ", "Nasdaq Global Select Market", "United States", ""],
  ["NGM", "NASDAQ", "Nasdaq Global Market", "United States", ""],
  ["NCM", "NASDAQ", "Nasdaq Capital Market", "United States", ""],
  ["ASE", "NYSEAMERICAN", "NYSE American", "United States", ""],
  ["PCX", "NYSEARCA", "NYSE Arca", "United States", ""],
  ["BTS", "CBOE", "Cboe BZX Exchange", "United States", ""],
  ["TOR", "TSX", "Toronto Stock Exchange", "Canada", "TO"],
  ["LSE", "LSE", "London Stock Exchange", "United Kingdom", "L"],
  ["JPX", "TSE", "Tokyo Stock Exchange", "Japan", "T"],
  ["GER", "XETRA", "Deutsche Börse Xetra", "Germany", "DE"],
  ["PAR", "EPA", "Euronext Paris", "France", "PA"],
  ["AMS", "AMS", "Euronext Amsterdam", "Netherlands", "AS"],
  ["BRU", "EBR", "Euronext Brussels", "Belgium", "BR"],
  ["LIS", "ELI", "Euronext Lisbon", "Portugal", "LS"],
  ["ISE", "ISE", "Euronext Dublin", "Ireland", "IR"],
  ["MIL", "MIL", "Borsa Italiana", "Italy", "MI"],
  ["MCE", "BME", "Bolsa de Madrid", "Spain", "MC"],
  ["EBS", "SIX", "SIX Swiss Exchange", "Switzerland", "SW"],
  ["STO", "STO", "Nasdaq Stockholm", "Sweden", "ST"],
  ["CPH", "CPH", "Nasdaq Copenhagen", "Denmark", "CO"],
  ["HEL", "HEL", "Nasdaq Helsinki", "Finland", "HE"],
  ["ICE", "ICE", "Nasdaq Iceland", "Iceland", "IC"],
  ["OSL", "OSL", "Oslo Børs", "Norway", "OL"],
  ["VIE", "VIE", "Wiener Börse", "Austria", "VI"],
  ["PRA", "PSE", "Prague Stock Exchange", "Czech Republic", "PR"],
  ["BUD", "BET", "Budapest Stock Exchange", "Hungary", "BD"],
  ["ATH", "ATHEX", "Athens Stock Exchange", "Greece", "AT"],
  ["IST", "BIST", "Borsa Istanbul", "Turkey", "IS"],
  ["MCX", "MOEX", "Moscow Exchange", "Russia", "ME"],
  ["TAL", "TAL", "Nasdaq Tallinn", "Estonia", "TL"],
  ["RIS", "RIS", "Nasdaq Riga", "Latvia", "RG"],
  ["LIT", "VSE", "Nasdaq Vilnius", "Lithuania", "VS"],
  ["HKG", "HKEX", "Hong Kong Stock Exchange", "Hong Kong", "HK"],
  ["SHH", "SSE", "Shanghai Stock Exchange", "China", "SS"],
  ["SHZ", "SZSE", "Shenzhen Stock Exchange", "China", "SZ"],
  ["TAI", "TWSE", "Taiwan Stock Exchange", "Taiwan", "TW"],
  ["TWO", "TPEX", "Taipei Exchange", "Taiwan", "TWO"],
  ["KSC", "KRX", "Korea Exchange (KOSPI)", "South Korea", "KS"],
  ["KOE", "KOSDAQ", "Korea Exchange (KOSDAQ)", "South Korea", "KQ"],
  ["NSE", "NSE", "National Stock Exchange of India", "India", "NS"],
  ["NSI", "NSE", "National Stock Exchange of India", "India", "NS"],
  ["BSE", "BSE", "BSE India", "India", "BO"],
  ["ASX", "ASX", "Australian Securities Exchange", "Australia", "AX"],
  ["NZE", "NZX", "New Zealand Exchange", "New Zealand", "NZ"],
  ["SES", "SGX", "Singapore Exchange", "Singapore", "SI"],
  ["KLS", "MYX", "Bursa Malaysia", "Malaysia", "KL"],
  ["SET", "SET", "Stock Exchange of Thailand", "Thailand", "BK"],
  ["JKT", "IDX", "Indonesia Stock Exchange", "Indonesia", "JK"],
  ["TLV", "TASE", "Tel Aviv Stock Exchange", "Israel", "TA"],
  ["SAU", "TADAWUL", "Saudi Exchange", "Saudi Arabia", "SR"],
  ["DOH", "QSE", "Qatar Stock Exchange", "Qatar", "QA"],
  ["CAI", "EGX", "Egyptian Exchange", "Egypt", "CA"],
  ["JNB", "JSE", "Johannesburg Stock Exchange", "South Africa", "JO"],
  ["SAO", "BMFBOVESPA", "B3 (Brasil Bolsa Balcão)", "Brazil", "SA"],
  ["MEX", "BMV", "Bolsa Mexicana de Valores", "Mexico", "MX"],
  ["SGO", "BCS", "Bolsa de Santiago", "Chile", "SN"],
  ["BUE", "BCBA", "Bolsa y Mercados Argentinos", "Argentina", "BA"],
  ["CCS", "BVC", "Bolsa de Valores de Caracas", "Venezuela", "CR"],
  ["CSE", "CSELK", "Colombo Stock Exchange", "Sri Lanka", "CM"],
  ["VAN", "TSXV", "TSX Venture Exchange", "Canada", "V"],
  ["CNQ", "CSE", "Canadian Securities Exchange", "Canada", "CN"],
  ["NEO", "NEO", "Cboe Canada", "Canada", "NE"],
  ["FKA", "FSE", "Fukuoka Stock Exchange", "Japan", "F"],
  ["SAP", "SSE-JP", "Sapporo Securities Exchange", "Japan", "S"],
  ["BER", "BER", "Börse Berlin", "Germany", "BE"],
  ["MUN", "MUN", "Börse München", "Germany", "MU"],
  ["DUS", "DUS", "Börse Düsseldorf", "Germany", "DU"],
  ["HAM", "HAM", "Börse Hamburg", "Germany", "HM"],
  ["HAN", "HAN", "Börse Hannover", "Germany", "HA"],
  ["IOB", "LSE-IOB", "London Stock Exchange International Order Book", "United Kingdom", "IL"],
  ["AQS", "AQUIS", "Aquis Stock Exchange", "United Kingdom", "AQ"],
  ["TLO", "EUROTLX", "EuroTLX", "Italy", "TI"],
  ["ENX", "EURONEXT", "Euronext", "Netherlands", "NX"],
  ["SAT", "SPOTLIGHT", "Spotlight Stock Market", "Sweden", "ST"],
  ["OQB", "OTC", "OTC Markets", "United States", ""],
  ["OQX", "OTC", "OTC Markets", "United States", ""],
  ["OEM", "OTC", "OTC Markets", "United States", ""],
  ["OID", "OTC", "OTC Markets", "United States", ""],
  ["OBB", "OTC", "OTC Markets", "United States", ""],
  ["NAE", "OTC", "OTC Markets", "United States", ""],
];

export const EXCHANGES: ReadonlyMap<string, Exchange> = new Map(
  ROWS.map(([code, prefix, name, country, suffix], rank) => [code, { code, prefix, name, country, suffix, rank }]),
);

export const US_EXCHANGE_CODES: ReadonlySet<string> = new Set(
  ROWS.filter((row) => row[3] === "United States").map((row) => row[0]),
);

const BY_SUFFIX = new Map<string, Exchange>();
for (const exchange of EXCHANGES.values()) {
  if (exchange.suffix && !BY_SUFFIX.has(exchange.suffix)) BY_SUFFIX.set(exchange.suffix, exchange);
}

/**
 * Resolves a listing's exchange: its own code when known, else the one its symbol suffix names
 * (FinanceDatabase leaves the exchange blank on some rows but keeps the Yahoo suffix).
 */
export function resolveExchange(code: string, yahooSymbol: string): Exchange | undefined {
  const known = EXCHANGES.get(code);
  if (known) return known;
  const dot = yahooSymbol.lastIndexOf(".");
  return dot > 0 ? BY_SUFFIX.get(yahooSymbol.slice(dot + 1)) : undefined;
}

/** The exchange's own symbol: the Yahoo symbol without its exchange suffix. */
export function localSymbol(yahooSymbol: string, exchange: Exchange): string {
  const suffix = `.${exchange.suffix}`;
  return exchange.suffix && yahooSymbol.endsWith(suffix) ? yahooSymbol.slice(0, -suffix.length) : yahooSymbol;
}
