// The route string (decision 0003), shared by the LMS (suspend_data) and the server:
// modules joined by '-', viewed indexes within a module joined by ',', an empty module '{}'.
// Example: '0,1,2-0,1-{}-{}-{}'. An index equal to the module's topic count marks its quiz done.

/** Per module, the sorted viewed indexes (topic indexes; topic count = the quiz). */
export type ModulesViewed = number[][];

export interface DecodedRoute {
  viewed: ModulesViewed;
  /** Parts that could not be read, for the log; never thrown. */
  dropped: string[];
}

const MAX_REPORTED = 20;

export function emptyViewed(moduleCount: number): ModulesViewed {
  return Array.from({ length: moduleCount }, () => []);
}

export function encodeRoute(viewed: ModulesViewed): string {
  return viewed
    .map((indexes) => {
      const unique = [...new Set(indexes)].sort((a, b) => a - b);
      return unique.length ? unique.join(',') : '{}';
    })
    .join('-');
}

/**
 * Counts the characters a decode examines, for the test that bounds its work (decision 0255):
 * each pass over the input, a module or a token adds that text's length. Optional; nothing reads
 * it but tests.
 */
export interface DecodeMeter {
  examined: number;
}

/**
 * Reads a route string. Never throws: whatever cannot be read (a foreign format, an index out
 * of range, extra modules, a non-string) is left out and reported in `dropped`.
 * @param topicCounts topics per module; indexes above a module's count are dropped.
 * @param meter when given, counts the characters examined (linear in the input's length).
 */
export function decodeRoute(
  input: unknown,
  topicCounts: readonly number[],
  meter?: DecodeMeter,
): DecodedRoute {
  const viewed = emptyViewed(topicCounts.length);
  const dropped: string[] = [];
  const examine = (text: string) => {
    if (meter) meter.examined += text.length;
  };
  const drop = (what: string) => {
    if (dropped.length < MAX_REPORTED)
      dropped.push(what.length > 60 ? `${what.slice(0, 57)}...` : what);
  };
  if (input === null || input === undefined || input === '') return { viewed, dropped };
  if (typeof input !== 'string') {
    drop(`valor de tipo ${typeof input}`);
    return { viewed, dropped };
  }
  examine(input); // trimmed and split into modules
  const parts = input.trim().split('-');
  parts.forEach((part, moduleIndex) => {
    examine(part); // compared or trimmed and split into tokens
    if (moduleIndex >= topicCounts.length) {
      if (part !== '{}' && part !== '') drop(`módulo ${moduleIndex + 1}: "${part}"`);
      return;
    }
    const count = topicCounts[moduleIndex]!;
    const trimmed = part.trim();
    if (trimmed === '{}' || trimmed === '') return;
    // A set, not a list searched per token: each index costs the same however many came before.
    const seen = new Set<number>();
    for (const token of trimmed.split(',')) {
      examine(token); // trimmed and matched
      const t = token.trim();
      if (!/^\d{1,4}$/.test(t)) {
        drop(`módulo ${moduleIndex + 1}: "${t}"`);
        continue;
      }
      const index = Number(t);
      if (index > count) {
        drop(`módulo ${moduleIndex + 1}: índice ${index} fuera de rango`);
        continue;
      }
      seen.add(index);
    }
    viewed[moduleIndex] = [...seen].sort((a, b) => a - b);
  });
  return { viewed, dropped };
}

/** Reads a stored route string when the course's shape is not known: every readable index kept. */
export function decodeRouteLenient(input: unknown): DecodedRoute {
  const modules = typeof input === 'string' && input.trim() ? input.trim().split('-').length : 0;
  return decodeRoute(
    input,
    Array.from({ length: modules }, () => 9999),
  );
}
