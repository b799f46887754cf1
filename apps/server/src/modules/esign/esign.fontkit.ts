import { EventEmitter } from 'node:events';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

/** What `PDFDocument.registerFontkit` takes (pdf-lib does not export the type's name). */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/*
 * pdf-lib's font engine, from fontkit 2 (decision 054): @pdf-lib/fontkit (a fork of fontkit 1) subsets the
 * CID-keyed CFF of Noto Sans CJK into a font PDF readers reject (every Chinese character a box); fontkit 2
 * subsets it correctly. pdf-lib reads a subset through fontkit 1's `encodeStream()`; fontkit 2 encodes to
 * bytes at once, so each subset gets that one method back.
 */
export const esignFontkit = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(Buffer.from(bytes));
    const createSubset = font.createSubset.bind(font);
    return Object.assign(font, {
      createSubset() {
        const subset = createSubset();
        return Object.assign(subset, {
          encodeStream() {
            const stream = new EventEmitter();
            setImmediate(() => {
              stream.emit('data', subset.encode());
              stream.emit('end');
            });
            return stream;
          },
        });
      },
    });
  },
} as unknown as Fontkit;
