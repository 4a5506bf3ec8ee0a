import { Alert, Box, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { calcularLayout, posicaoNaFolha, type GeometriaEtiqueta } from '@prumo/shared/etiquetas';

const medida = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const mm = (value: number) => medida.format(value);

/**
 * The sheet of a template, drawn to scale with the shared layout (the PDF uses the same). On the
 * print screen it marks the labels already used (before the first one), those this print fills
 * on the first sheet, and lets the user click the first free label.
 */
export function FolhaPreview({
  geometria,
  posicaoInicial,
  quantidade,
  onPosicaoInicialChange,
  maxWidth = 280,
}: {
  geometria: GeometriaEtiqueta;
  posicaoInicial?: number;
  /** Labels to print; with posicaoInicial, marks the first sheet. */
  quantidade?: number;
  onPosicaoInicialChange?: (posicao: number) => void;
  maxWidth?: number;
}) {
  const resultado = calcularLayout(geometria);
  if (!resultado.ok) {
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="folha-erro">
        {resultado.erro}
      </Alert>
    );
  }
  const { layout } = resultado;
  const inicio = (posicaoInicial ?? 1) - 1;
  const fim = quantidade === undefined ? layout.porPagina : inicio + quantidade;
  const slots = Array.from({ length: layout.porPagina }, (_, slot) => slot);
  const stroke = Math.max(layout.paginaLargura / 400, 0.3);

  return (
    <Stack gap={6} align="center">
      <Box maw={maxWidth} w="100%">
        <svg
          viewBox={`0 0 ${layout.paginaLargura} ${layout.paginaAltura}`}
          width="100%"
          role="img"
          aria-label={`Folha com ${layout.porPagina} etiquetas`}
          data-testid="folha-preview"
          style={{ display: 'block', filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.15))' }}
        >
          <rect width={layout.paginaLargura} height={layout.paginaAltura} fill="white" />
          {slots.map((slot) => {
            const { x, y } = posicaoNaFolha(layout, slot);
            const usada = posicaoInicial !== undefined && slot < inicio;
            const imprime = quantidade !== undefined && slot >= inicio && slot < fim;
            const fill = usada
              ? 'var(--mantine-color-gray-4)'
              : imprime
                ? 'var(--mantine-color-blue-2)'
                : 'var(--mantine-color-gray-0)';
            return (
              <rect
                key={slot}
                x={x}
                y={y}
                width={layout.largura}
                height={layout.altura}
                rx={Math.min(layout.largura, layout.altura) * 0.06}
                fill={fill}
                stroke="var(--mantine-color-gray-5)"
                strokeWidth={stroke}
                data-slot={slot + 1}
                data-estado={usada ? 'usada' : imprime ? 'imprime' : 'livre'}
                style={onPosicaoInicialChange ? { cursor: 'pointer' } : undefined}
                onClick={
                  onPosicaoInicialChange ? () => onPosicaoInicialChange(slot + 1) : undefined
                }
              >
                <title>{`Etiqueta ${slot + 1}`}</title>
              </rect>
            );
          })}
        </svg>
      </Box>
      <Text size="xs" c="dimmed" ta="center">
        {layout.colunas} × {layout.linhas} = {layout.porPagina} etiquetas de {mm(layout.largura)} ×{' '}
        {mm(layout.altura)} mm por folha
      </Text>
    </Stack>
  );
}
