/** Words of filing text as numbers, for comparing texts without building strings (near-duplicates, repeated snippets). */

let wordBuffer = new Int32Array(4096);

/**
 * FNV-1a hashes of the text's words (runs of ASCII letters and digits, case folded), in a shared
 * buffer: no strings or arrays per word (the ingest hashes every passage of the corpus). The
 * buffer is reused by the next call: read `count` hashes from it before calling again.
 */
export function wordHashes(text: string): { hashes: Int32Array; count: number } {
  if (wordBuffer.length < text.length) wordBuffer = new Int32Array(text.length);
  let count = 0;
  let h = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      h = Math.imul(h ^ c, 0x01000193);
      inWord = true;
    } else if (inWord) {
      wordBuffer[count++] = h;
      h = 0x811c9dc5;
      inWord = false;
    }
  }
  if (inWord) wordBuffer[count++] = h;
  return { hashes: wordBuffer, count };
}
