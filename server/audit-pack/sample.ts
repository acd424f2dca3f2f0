// The Res. 0312 de 2019 sample (estándar 1.2.2; decision 0222): how many workers the auditor
// checks for the company's number of workers, and a reproducible draw with a shown seed. Each
// learner is ranked by SHA-256(seed + ':' + id) and the first n are taken: anyone with the seed
// and the population can draw the same sample again; the population's hash shows it is the same.
import { createHash, randomBytes } from 'node:crypto';

export interface SampleRule {
  size: number;
  text: string;
}

/** 50 or fewer workers: every worker; 51–200: 10 % (rounded up); 201 or more: 30. */
export function sampleRule(workers: number): SampleRule {
  if (workers <= 50)
    return { size: workers, text: `50 o menos trabajadores (${workers}): todos los trabajadores` };
  if (workers <= 200) {
    const size = Math.ceil(workers / 10);
    return { size, text: `De 51 a 200 trabajadores (${workers}): el 10 %, ${size} trabajadores` };
  }
  return { size: 30, text: `201 o más trabajadores (${workers}): 30 trabajadores` };
}

export const newSeed = () => randomBytes(4).toString('hex');

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface PopulationMember {
  id: number;
  document: string;
}

/** SHA-256 over «id;document» lines in id order. */
export function populationHash(population: PopulationMember[]): string {
  return sha256(
    [...population]
      .sort((a, b) => a.id - b.id)
      .map((p) => `${p.id};${p.document}\n`)
      .join(''),
  );
}

/** The first `size` learners by SHA-256(seed:id); ids in that order. */
export function drawSample(population: PopulationMember[], size: number, seed: string): number[] {
  return population
    .map((p) => ({ id: p.id, rank: sha256(`${seed}:${p.id}`) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .slice(0, Math.min(size, population.length))
    .map((p) => p.id);
}
