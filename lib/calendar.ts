/** Calendar arithmetic on ISO `YYYY-MM-DD` strings (UTC days, no time zones). */

/** `date` shifted by whole years (the same calendar date: D - 1 year). */
export function shiftYears(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, "0")}${date.slice(4)}`;
}

/** `date` shifted by whole days. */
export function shiftDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole days from `start` to `end`. */
export const daysBetween = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000;

/** `date` shifted by whole months, the day kept or clamped to the month's last (2014-01-31 + 1 month = 2014-02-28). */
export function shiftMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

/** The weekdays (Monday to Friday; holidays included) after `last` up to `until`, oldest first. */
export function weekdaysAfter(last: string, until: string): string[] {
  const days: string[] = [];
  for (let date = shiftDays(last, 1); date <= until; date = shiftDays(date, 1)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(date);
  }
  return days;
}
