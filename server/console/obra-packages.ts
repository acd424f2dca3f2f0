// An obra's SCORM 1.2 and 2004 zips, made on request from the template LMS build (decision 0241):
// no build on the server. The template's index.html gets the obra's values (the JSON block its
// entry fills the course from, and its static introduction), the manifests are written from
// manifest-templates/ with the obra's identifiers, and the zip is streamed — with the same
// functions as `npm run package` (course-files/scorm-package.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { sendHtml } from './console-context.ts';
import { consolePage, escapeHtml } from './layout.ts';
import { audit } from './audit.ts';
import type { KnownObra } from '../obras.ts';
import {
  DEFAULT_ZIP_DATE,
  EDITIONS,
  LAUNCH_FILE,
  listBuildFiles,
  preparePackage,
  readPackageVersion,
  zipArchive,
  type ScormEdition,
} from '../../course-files/scorm-package.ts';
import { courseIdentity } from '../../course-files/read-content.ts';
import {
  packageIdentity,
  zipName,
  type PackageIdentity,
} from '../../src/domain/config/package-identity.ts';
import { fillObraTemplate, obraPageValues } from '../../src/domain/content/obra-template.ts';
import { esObraPackages as T } from './strings/es-obra-packages.ts';

/** The zips offered: the editions `npm run package` writes by default (decision 0029). */
export const OBRA_EDITIONS: Record<string, ScormEdition> = {
  scorm12: 'scorm12',
  scorm2004: 'scorm2004-3rd',
};

/** True when the template build is there (the obra's page offers the zips only then). */
export const hasTemplate = (templateDir: string) => existsSync(join(templateDir, LAUNCH_FILE));

export const obraIdentity = (cc: ConsoleContext, obra: KnownObra): PackageIdentity =>
  packageIdentity(cc.config, obra, courseIdentity());

/** The zips' file names and the paths that download them. */
export function obraPackageLinks(cc: ConsoleContext, obra: KnownObra) {
  const identity = obraIdentity(cc, obra);
  return Object.entries(OBRA_EDITIONS).map(([key, edition]) => ({
    label: EDITIONS[edition].label,
    file: zipName(identity, EDITIONS[edition].suffix),
    href: `/consola/obras/${encodeURIComponent(obra.slug)}/paquete/${key}`,
  }));
}

/** The section of the obra's page: the two downloads, or why there are none. */
export function obraPackagesSection(cc: ConsoleContext, obra: KnownObra): string {
  const intro = T.introHtml;
  if (!hasTemplate(cc.lmsTemplateDir)) return `${intro}${T.missingNoticeHtml}`;
  const links = obraPackageLinks(cc, obra)
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.href)}" download="${escapeHtml(l.file)}">${T.download} ${escapeHtml(l.label)}</a> <span class="code">${escapeHtml(l.file)}</span></li>`,
    )
    .join('');
  return `${intro}<ul class="downloads">${links}</ul>`;
}

export async function obraPackageRoutes(app: FastifyInstance, cc: ConsoleContext) {
  app.get<{ Params: { slug: string; edition: string } }>(
    '/consola/obras/:slug/paquete/:edition',
    { preHandler: cc.read },
    async (request, reply) => {
      const obra = cc.obras.find((o) => o.slug === request.params.slug);
      const edition = Object.hasOwn(OBRA_EDITIONS, request.params.edition)
        ? OBRA_EDITIONS[request.params.edition]!
        : null;
      if (!obra || !edition) return reply.callNotFound();
      const dir = cc.lmsTemplateDir;
      if (!hasTemplate(dir))
        return sendHtml(
          reply,
          consolePage(
            T.missingTitle,
            T.missingPageHtml(escapeHtml(`/consola/obras/${obra.slug}`), escapeHtml(obra.nombre)),
            { viewer: request.viewer!, current: 'obras' },
          ),
          503,
        );
      const identity = obraIdentity(cc, obra);
      const html = fillObraTemplate(
        readFileSync(join(dir, LAUNCH_FILE), 'utf8'),
        obraPageValues(cc.config, obra.facts, cc.course),
      );
      const files = listBuildFiles(dir);
      const prepared = preparePackage(edition, {
        distDir: dir,
        files,
        version: readPackageVersion(),
        identity,
        overrides: { [LAUNCH_FILE]: Buffer.from(html, 'utf8') },
      });
      const file = zipName(identity, EDITIONS[edition].suffix);
      const viewer = request.viewer!;
      await audit(cc.app.db, { userId: viewer.userId, name: viewer.name }, 'paquete-scorm', null, {
        obra: obra.slug,
        edicion: EDITIONS[edition].label,
        archivo: file,
      });
      const archive = zipArchive(prepared.entries, DEFAULT_ZIP_DATE);
      // A failure while zipping reaches the reply as the stream's error; the promise must not
      // reject unhandled.
      archive
        .finalize()
        .catch((error: unknown) => request.log.error({ err: error }, 'obra zip stream failed'));
      return reply
        .type('application/zip')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(archive);
    },
  );
}
