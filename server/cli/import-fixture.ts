// Generated learners CSV for the import test (500 rows) and bench:server (10,000 rows): valid
// rows with Spanish names, and every `badEvery`-th row broken in one of the ways a real file
// breaks (missing name, bad correo, unbalanced quote, NUL byte, control character, short
// password, repeated document).
const FIRST = [
  'María',
  'José',
  'Ñusta',
  'Andrés',
  'Lucía',
  'Óscar',
  'Zoë',
  'Iván',
  'Sofía',
  'Raúl',
];
const LAST = ['Pérez', 'Gómez', 'Núñez', 'Díaz', 'Muñoz', 'Ávila', 'Peña', 'Suárez', 'Ortiz'];

export function generateImportCsv(
  rows: number,
  options: { prefix: string; badEvery: number },
): { csv: string; good: number; bad: number } {
  const lines = ['documento,nombre,correo,contraseña'];
  let bad = 0;
  for (let i = 0; i < rows; i++) {
    const document = `${options.prefix}${String(i).padStart(7, '0')}`;
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const email = i % 3 === 0 ? `aprendiz${options.prefix}${i}@example.co` : '';
    const password = i % 4 === 0 ? '' : `clave-${i}`;
    if (i > 0 && i % options.badEvery === 0) {
      bad++;
      const kind = (i / options.badEvery) % 7;
      lines.push(
        [
          `${document},,${email},${password}`,
          `${document},${name},no-es-correo,${password}`,
          `${document},"${name},${email},${password}`,
          `${document},${name}\u0000,${email},${password}`,
          `${document},${name}\u0001,${email},${password}`,
          `${document},${name},${email},123`,
          `${options.prefix}${String(i - 1).padStart(7, '0')},${name},,${password}`,
        ][kind]!,
      );
    } else lines.push(`${document},${name},${email},${password}`);
  }
  return { csv: `${lines.join('\r\n')}\r\n`, good: rows - bad, bad };
}
