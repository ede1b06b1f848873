/**
 * The regular files of an uncompressed tar archive (ustar or GNU, as `tar czf` writes), by name.
 * Enough for the pystock archives: no long names, links or sparse files are expected, and an entry
 * of another type is refused rather than misread.
 */
export function tarEntries(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    const size = parseInt(header.toString("ascii", 124, 136).replace(/\0.*$/s, "").trim() || "0", 8);
    const type = String.fromCharCode(header[156]!);
    if (type !== "0" && type !== "\0" && type !== "5") throw new Error(`tar entry ${name}: type ${JSON.stringify(type)} is not supported`);
    const start = offset + 512;
    if (type !== "5") files.set(name.replace(/^\.\//, ""), tar.subarray(start, start + size));
    offset = start + Math.ceil(size / 512) * 512;
  }
  return files;
}
