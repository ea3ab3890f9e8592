// The one walk over a document's operations (path or webhook x method) and the one list of a path item's methods:
// everything that walks the document walks it here. Browser-safe (the MSW handlers build the validator in the page).
import { isObject } from '../json.ts';
import { escapePointer, followRef } from '../json-pointer.ts';

/** The operations a path item can hold (OpenAPI 3.1 "Path Item Object"), in the order `Allow` lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

type Json = Record<string, unknown>;

/** A document object with the JSON pointer where it actually lives (after following `$ref`s). */
interface Located {
  node: Json;
  pointer: string;
}

interface OperationSite {
  section: 'paths' | 'webhooks';
  /** JSON pointer of the operation object (through a path item `$ref`, where that lands). */
  pointer: string;
  /** The path item's parameters, then the operation's (which replace same-named ones), `$ref`s followed. */
  parameters: Located[];
}

export type OperationVisitor = (path: string, method: HttpMethod, operation: Json, site: OperationSite) => void;

/**
 * Calls `visit` for every operation of `document.paths` (or `document.webhooks`), in document order.
 * @example
 * forEachOperation(document, (path, method, operation) => console.log(method, path, operation.operationId));
 */
export function forEachOperation(document: object, visit: OperationVisitor, section: 'paths' | 'webhooks' = 'paths') {
  const items = (document as Json)[section];
  if (!isObject(items)) return;
  for (const [path, rawItem] of Object.entries(items)) {
    const { node: item, pointer: itemAt } = followRef(document, rawItem, `/${section}/${escapePointer(path)}`);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const pointer = `${itemAt}/${method}`;
      const parameters = new Map<string, Located>();
      const add = (list: unknown, base: string) => {
        if (!Array.isArray(list)) return;
        list.forEach((raw, index) => {
          const found = followRef(document, raw, `${base}/${index}`);
          if (!isObject(found.node)) return;
          const name = String(found.node.name);
          const key = `${String(found.node.in)}:${found.node.in === 'header' ? name.toLowerCase() : name}`;
          parameters.set(key, found as Located);
        });
      };
      add(item.parameters, `${itemAt}/parameters`);
      add(operation.parameters, `${pointer}/parameters`);
      visit(path, method, operation, { section, pointer, parameters: [...parameters.values()] });
    }
  }
}
