import { describe, expect, it } from 'vitest';
import { countSyllables, syllabify } from './syllabify.ts';

// Expected divisions written by hand from the orthographic rules (RAE, Ortografía 2010, §4.1);
// every row was also checked against the `silabea` npm package 1.0.0 on 2026-11-23: all agree.
const TABLE: ReadonlyArray<readonly [string, string]> = [
  ['construcción', 'cons-truc-ción'],
  ['andamio', 'an-da-mio'],
  ['trabajador', 'tra-ba-ja-dor'],
  ['seguridad', 'se-gu-ri-dad'],
  ['salud', 'sa-lud'],
  ['emergencia', 'e-mer-gen-cia'],
  ['evacuación', 'e-va-cua-ción'],
  ['extintor', 'ex-tin-tor'],
  ['instrucción', 'ins-truc-ción'],
  ['obstáculo', 'obs-tá-cu-lo'],
  ['hombre', 'hom-bre'],
  ['otro', 'o-tro'],
  ['hablar', 'ha-blar'],
  ['agrio', 'a-grio'],
  ['aplicar', 'a-pli-car'],
  ['comprar', 'com-prar'],
  ['cuadrilla', 'cua-dri-lla'],
  ['atrapado', 'a-tra-pa-do'],
  ['ladrillo', 'la-dri-llo'],
  ['afluente', 'a-fluen-te'],
  ['refrigerio', 're-fri-ge-rio'],
  ['iglesia', 'i-gle-sia'],
  ['coche', 'co-che'],
  ['calle', 'ca-lle'],
  ['carro', 'ca-rro'],
  ['perro', 'pe-rro'],
  ['arnés', 'ar-nés'],
  ['casco', 'cas-co'],
  ['botas', 'bo-tas'],
  ['guantes', 'guan-tes'],
  ['ahorro', 'a-ho-rro'],
  ['prohibido', 'prohi-bi-do'],
  ['búho', 'bú-ho'],
  ['ahí', 'a-hí'],
  ['país', 'pa-ís'],
  ['día', 'dí-a'],
  ['río', 'rí-o'],
  ['oído', 'o-í-do'],
  ['reír', 're-ír'],
  ['leído', 'le-í-do'],
  ['baúl', 'ba-úl'],
  ['caída', 'ca-í-da'],
  ['maíz', 'ma-íz'],
  ['aéreo', 'a-é-re-o'],
  ['poeta', 'po-e-ta'],
  ['teatro', 'te-a-tro'],
  ['caer', 'ca-er'],
  ['peor', 'pe-or'],
  ['aire', 'ai-re'],
  ['causa', 'cau-sa'],
  ['peine', 'pei-ne'],
  ['deuda', 'deu-da'],
  ['oigo', 'oi-go'],
  ['bien', 'bien'],
  ['cuidado', 'cui-da-do'],
  ['ciudad', 'ciu-dad'],
  ['ruido', 'rui-do'],
  ['agua', 'a-gua'],
  ['nuevo', 'nue-vo'],
  ['guion', 'guion'],
  ['buey', 'buey'],
  ['averiguáis', 'a-ve-ri-guáis'],
  ['estudiáis', 'es-tu-diáis'],
  ['hoy', 'hoy'],
  ['muy', 'muy'],
  ['estoy', 'es-toy'],
  ['rey', 'rey'],
  ['ley', 'ley'],
  ['y', 'y'],
  ['ayuda', 'a-yu-da'],
  ['mayo', 'ma-yo'],
  ['yeso', 'ye-so'],
  ['guerra', 'gue-rra'],
  ['pingüino', 'pin-güi-no'],
  ['vergüenza', 'ver-güen-za'],
  ['queso', 'que-so'],
  ['quiero', 'quie-ro'],
  ['química', 'quí-mi-ca'],
  ['chiita', 'chi-i-ta'],
  ['transporte', 'trans-por-te'],
  ['inspección', 'ins-pec-ción'],
  ['perspectiva', 'pers-pec-ti-va'],
  ['abstracto', 'abs-trac-to'],
  ['excavación', 'ex-ca-va-ción'],
  ['taxi', 'ta-xi'],
  ['examen', 'e-xa-men'],
  ['riesgo', 'ries-go'],
  ['peligro', 'pe-li-gro'],
  ['trabajo', 'tra-ba-jo'],
  ['alturas', 'al-tu-ras'],
  ['eléctrico', 'e-léc-tri-co'],
  ['escalera', 'es-ca-le-ra'],
  ['alarma', 'a-lar-ma'],
  ['brigadista', 'bri-ga-dis-ta'],
  ['primeros', 'pri-me-ros'],
  ['auxilios', 'au-xi-lios'],
  ['accidente', 'ac-ci-den-te'],
  ['enfermedad', 'en-fer-me-dad'],
  ['laboral', 'la-bo-ral'],
  ['comité', 'co-mi-té'],
  ['convivencia', 'con-vi-ven-cia'],
  ['política', 'po-lí-ti-ca'],
  ['obra', 'o-bra'],
  ['punto', 'pun-to'],
  ['encuentro', 'en-cuen-tro'],
  ['prohíbe', 'pro-hí-be'],
  ['ahumar', 'ahu-mar'],
  ['rehusar', 'rehu-sar'],
  ['zanja', 'zan-ja'],
  ['arena', 'a-re-na'],
  ['cemento', 'ce-men-to'],
  ['señal', 'se-ñal'],
];

describe('syllabify', () => {
  it.each(TABLE)('%s → %s', (word, expected) => {
    expect(syllabify(word).join('-')).toBe(expected);
    expect(countSyllables(word)).toBe(expected.split('-').length);
  });

  it('has a table of at least 80 words', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(80);
  });

  it('ignores case', () => {
    expect(syllabify('Construcción').join('-')).toBe('cons-truc-ción');
    expect(countSyllables('OBRA')).toBe(2);
  });

  it('counts a word without vowels as one syllable, never zero', () => {
    expect(countSyllables('sh')).toBe(1);
  });
});
