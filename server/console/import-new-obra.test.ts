// An import without passwords reads as a success with its rejected rows apart, and the import
// that creates an obra leads to that obra's page, saying what it still lacks (record 0273).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { consoleFixture, uploadCsv, type ConsoleFixture } from './console-fixture.ts';
import { importWorkerFor } from './import-jobs.ts';

const unescape = (html: string) =>
  html.replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

describe.each(ENGINES)('the import that creates an obra (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
  }, 120_000);
  afterAll(() => f.close());

  /** Uploads `csv` as the import form does; the job's page address. */
  const upload = async (csv: string) => {
    const sent = await uploadCsv(f, cookie, csv, { fileName: 'n.csv' });
    expect(sent.statusCode).toBe(303);
    return String(sent.headers.location);
  };

  /** Answers the job's «obras nuevas» step with `fields` and runs the import; its result page. */
  const finish = async (job: string, fields: Record<string, string>) => {
    const offer = await f.get(job, cookie);
    expect((await f.post(`${job}/obras`, cookie, fields, offer.body)).statusCode).toBe(303);
    await importWorkerFor(f.t.db)!.wake();
    return unescape((await f.get(job, cookie)).body);
  };

  it('shows a success without passwords, the bad row apart, and a link to the new obra that says what it lacks', async () => {
    const job = await upload(
      'documento;nombre;obra;cargo\r\n8100001;Íñigo Peña;Edificio Peñón;Oficial\r\n' +
        '8100002;María Núñez;edificio peñon;Ayudante\r\n8100003;;Edificio Peñón;Ayudante\r\n',
    );
    const result = await finish(job, { 'crear-0': 'si' });
    expect(result).toMatch(
      /<div class="notice ok" role="status"><p><strong>Importados: 2\. Ya inscritos: 0\. Con errores: 1\.<\/strong>/,
    );
    expect(result).not.toContain('role="alert"');
    expect(result).toMatch(
      /<h2>Filas con errores<\/h2><pre class="result">Línea 4: falta el nombre/,
    );
    expect(result).not.toContain('Contraseñas generadas');
    expect(result).not.toContain('una sola vez');

    expect(result).toContain('<h2>Obra nueva</h2>');
    expect(result).toContain(
      'Esta importación creó la obra «Edificio Peñón». Todavía no tiene sus datos (falta: punto de encuentro, brigadistas)',
    );
    const link =
      /<a class="button" href="(\/consola\/obras\/[^"]+)">Completar los datos de «Edificio Peñón»<\/a>/.exec(
        result,
      );
    expect(link).not.toBeNull();
    // The link comes before the invitations' button: the facts first.
    expect(result.indexOf(link![0])).toBeLessThan(result.indexOf('Hacer las invitaciones'));
    const obraPage = await f.get(link![1]!, cookie);
    expect(obraPage.statusCode).toBe(200);
    expect(unescape(obraPage.body)).toContain('<h1>Edificio Peñón</h1>');

    // Filled in, the result says so and still leads there.
    const saved = await f.post(
      link![1]!,
      cookie,
      {
        nombre: 'Edificio Peñón',
        puntoEncuentro: 'la portería',
        brigadistas: 'Ana Brigadista',
        lineaEmergencias: '123',
      },
      obraPage.body,
    );
    expect(saved.statusCode).toBe(303);
    const again = unescape((await f.get(job, cookie)).body);
    expect(again).toContain('Esta importación creó la obra «Edificio Peñón». Ya tiene sus datos.');
    expect(again).toContain(`href="${link![1]}">Ver la obra «Edificio Peñón»</a>`);
    expect(again).not.toContain('Todavía no tiene sus datos');
  });

  it('offers no obra page when the coordinator did not create the obra the file names', async () => {
    const job = await upload('documento;nombre;obra\r\n8100011;Lucía Ortiz;Bodega Añil\r\n');
    const result = await finish(job, {});
    expect(result).toContain('Importados: 0. Ya inscritos: 0. Con errores: 1.');
    expect(result).not.toContain('Obra nueva');
    expect(result).not.toContain('/consola/obras/');
  });
});
