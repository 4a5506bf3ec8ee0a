import { NavLink, Paper, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GRUPOS_RELATORIO, type RelatorioResumo } from '@prumo/shared/relatorios';
import { RELATORIO_TEXTOS as T } from '../textos';

/** The catalogue by area, in GRUPOS_RELATORIO's order; an area without reports left out. */
export function agruparCatalogo(catalogo: readonly RelatorioResumo[]) {
  return GRUPOS_RELATORIO.map((grupo) => ({
    grupo,
    relatorios: catalogo.filter((r) => r.grupo === grupo),
  })).filter(({ relatorios }) => relatorios.length > 0);
}

/** Wide screens: a column of links under each area's name. */
export function CatalogoLista({
  catalogo,
  escolhido,
  hrefDe,
}: {
  catalogo: readonly RelatorioResumo[];
  escolhido: string | null;
  hrefDe: (id: string) => string;
}) {
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label={T.catalogo}>
      <Stack gap="sm">
        {agruparCatalogo(catalogo).map(({ grupo, relatorios }) => (
          <div key={grupo} data-testid={`grupo-${grupo}`}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
              {grupo}
            </Text>
            {relatorios.map((r) => (
              <NavLink
                key={r.id}
                component={Link}
                to={hrefDe(r.id)}
                label={r.titulo}
                active={r.id === escolhido}
                aria-current={r.id === escolhido ? 'page' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** Narrow screens: the same catalogue as a select grouped by area. */
export function CatalogoSelect({
  catalogo,
  escolhido,
  onEscolher,
}: {
  catalogo: readonly RelatorioResumo[];
  escolhido: string | null;
  onEscolher: (id: string) => void;
}) {
  return (
    <Select
      label={T.relatorio}
      placeholder={T.escolha}
      allowDeselect={false}
      data={agruparCatalogo(catalogo).map(({ grupo, relatorios }) => ({
        group: grupo,
        items: relatorios.map((r) => ({ value: r.id, label: r.titulo })),
      }))}
      value={escolhido}
      onChange={(id) => id && onEscolher(id)}
    />
  );
}
