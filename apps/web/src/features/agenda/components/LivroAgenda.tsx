import { Box, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { formatNumeroVenda, STATUS_VENDA_COR, type VendaResumo } from '@prumo/shared/vendas';
import { ALTURA_DIA, HORAS, layoutBlocos, PX_POR_HORA } from '../blocos';
import classes from './LivroAgenda.module.css';

export interface ColunaAgenda {
  chave: string;
  titulo: string;
  destaque?: boolean;
  agendamentos: VendaResumo[];
}

/**
 * The book's grid: an hour ruler (08:00 to 19:00) and a column each, every appointment a block
 * placed at its time, as tall as its duration, in its status colour; a click opens it.
 */
export function LivroAgenda({
  colunas,
  mostrarProfissional,
  onVer,
}: {
  colunas: ColunaAgenda[];
  /** The week view names the professional in each block; the day view's columns already do. */
  mostrarProfissional: boolean;
  onVer: (venda: VendaResumo) => void;
}) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <div
        className={classes.livro}
        style={{
          gridTemplateColumns: `48px repeat(${Math.max(colunas.length, 1)}, minmax(120px, 1fr))`,
        }}
        data-testid="agenda-livro"
      >
        <div />
        {colunas.map((coluna) => (
          <Text
            key={coluna.chave}
            size="sm"
            fw={600}
            ta="center"
            truncate="end"
            className={classes.cabecalho}
            data-destaque={coluna.destaque || undefined}
          >
            {coluna.titulo}
          </Text>
        ))}
        {colunas.length === 0 && <div />}
        <div className={classes.regua} style={{ height: ALTURA_DIA }}>
          {HORAS.map((hora, i) => (
            <Text
              key={hora}
              size="xs"
              c="dimmed"
              className={classes.hora}
              style={{ top: i * PX_POR_HORA }}
            >
              {hora}
            </Text>
          ))}
        </div>
        {colunas.map((coluna) => (
          <div
            key={coluna.chave}
            className={classes.coluna}
            style={{ height: ALTURA_DIA, backgroundSize: `100% ${PX_POR_HORA}px` }}
            data-testid="agenda-coluna"
            data-coluna={coluna.titulo}
          >
            {layoutBlocos(coluna.agendamentos).map(
              ({ agendamento: a, topo, altura, faixa, faixas }) => (
                <UnstyledButton
                  key={a.id}
                  className={classes.bloco}
                  data-cor={STATUS_VENDA_COR[a.status]}
                  data-testid="agenda-bloco"
                  style={{
                    top: topo,
                    height: altura,
                    left: `calc(${(faixa / faixas) * 100}% + 2px)`,
                    width: `calc(${100 / faixas}% - 4px)`,
                  }}
                  title={`${a.hora_inicio} ${a.cliente_nome ?? ''} · ${a.servico_nome ?? ''} · ${a.profissional ?? ''} · ${a.status}`}
                  aria-label={`Agendamento ${formatNumeroVenda(a.numero)}: ${a.hora_inicio} ${a.cliente_nome ?? ''}, ${a.servico_nome ?? ''}, ${a.profissional ?? ''}, ${a.status}`}
                  onClick={() => onVer(a)}
                >
                  <Text size="xs" fw={600} truncate="end">
                    {a.hora_inicio} {a.cliente_nome}
                  </Text>
                  {altura >= 36 && (
                    <Text size="xs" truncate="end">
                      {a.servico_nome}
                    </Text>
                  )}
                  {mostrarProfissional && altura >= 52 && (
                    <Text size="xs" c="dimmed" truncate="end">
                      {a.profissional}
                    </Text>
                  )}
                </UnstyledButton>
              ),
            )}
          </div>
        ))}
      </div>
      {colunas.length === 0 && (
        <Box p="md">
          <Text c="dimmed" size="sm">
            {AGENDA_SEM_PROFISSIONAIS}
          </Text>
        </Box>
      )}
    </ScrollArea>
  );
}

const AGENDA_SEM_PROFISSIONAIS =
  'Nenhum profissional cadastrado: cadastre funcionários em Cadastros.';
