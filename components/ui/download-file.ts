/** Saves `content` as a file named `name` through a temporary link (the browser's download). */
export function downloadFile(name: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves records as a CSV file (the CSV writer is loaded when first used). */
export async function downloadCsvFile(name: string, records: unknown[][]) {
  const { stringify } = await import("csv-stringify/browser/esm/sync");
  downloadFile(name, stringify(records), "text/csv");
}
