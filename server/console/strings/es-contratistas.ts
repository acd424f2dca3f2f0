// The contratistas page (decision 0240; texts moved here by 0250). Values that end in `Html` are
// HTML whose variable parts the caller has escaped.
export const esContratistas = {
  title: 'Contratistas',
  direct: 'Empleados directos',
  noContratista: (direct: string) => `(sin contratista: ${direct})`,
  directOption: (direct: string) => `${direct} (sin contratista)`,
  learners: (n: number) => `${n} ${n === 1 ? 'aprendiz' : 'aprendices'}`,
  mergeLegend: 'Unir como un solo contratista, con el nombre:',
  mergeButton: (names: number) => `Unir ${names} nombres`,
  writtenWays: (ways: number) => `, escrito de ${ways} formas`,
  intro:
    'Los nombres que solo difieren en tildes, mayúsculas, puntuación, forma societaria (S.A.S., Ltda.…) o palabras comunes («empleados», «personal», «de», «la»…) se muestran como uno. «Directo», «Empleados directos» y los aprendices sin contratista son los empleados directos. Unir cambia el contratista de esos aprendices al nombre elegido y queda en el registro de auditoría.',
  varied: (n: number) =>
    n
      ? `${n} ${n === 1 ? 'contratista aparece' : 'contratistas aparecen'} con nombres distintos.`
      : 'Cada contratista aparece con un solo nombre.',
  groupGone: 'Ese grupo ya no tiene nombres distintos que unir.',
  pickOne: 'Elige uno de los nombres del grupo.',
  refused: (reason: string) => `No se unió nada: ${reason}`,
  mergedHtml: (fromHtml: string, intoHtml: string, learners: string) =>
    `Contratistas unidos: ${fromHtml} → ${intoHtml} (${learners}).`,
} as const;
