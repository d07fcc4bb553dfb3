// Build step (vite.config.ts, vitest.config.ts): `locales/<id>.po?part=first|rest` compiles one part of a
// language's catalogue (src/domain/cataloguePart.ts), as the Lingui plugin compiles a whole `.po`. The parts are
// split by the messages' places in the sources, read from the catalogue itself.
import { relative } from 'node:path';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';
import { type CataloguePart, partOf } from './src/domain/cataloguePart.ts';

const PART = /\.po\?part=(first|rest)$/;

export function cataloguePart(): Plugin {
  const config = getConfig();
  return {
    name: 'catalogue-part',
    transform: {
      filter: { id: PART },
      async handler(_src, id) {
        const part = PART.exec(id)?.[1] as CataloguePart | undefined;
        if (!part) return;
        const file = id.split('?')[0];
        const found = getCatalogForFile(relative(config.rootDir, file), await getCatalogs(config));
        if (!found) throw new Error(`${file} is not a catalogue of lingui.config.ts`);
        const { locale, catalog } = found;
        this.addWatchFile(file);
        // The English template holds every message's places; each language's catalogue has the same ids.
        const places = await catalog.read(config.sourceLocale);
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
        });
        const kept = Object.fromEntries(
          Object.entries(messages).filter(([key]) => {
            const origins = (places?.[key]?.origin ?? []).map(([path]) => path);
            return partOf(origins) === part;
          }),
        );
        const { source, errors } = createCompiledCatalog(locale, kept, { namespace: 'es' });
        if (errors.length)
          throw new Error(
            `${file} (${part}): ${errors.map((e) => `${e.id}: ${e.error.message}`).join('; ')}`,
          );
        return { code: source, map: null, moduleType: 'js' };
      },
    },
  };
}
