import { Paper, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasRole } from '@prumo/shared/auth';
import {
  CHAVES_IMPORTACAO,
  TIPOS_IMPORTACAO,
  type ImportacaoArquivo,
  type ImportacaoOpcoes,
  type ImportacaoSimulacao,
  type TipoImportacao,
} from '@prumo/shared/importacao';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session';
import { HistoricoImportacoes } from '../components/HistoricoImportacoes';
import { PassoArquivo } from '../components/PassoArquivo';
import { PassoColunas } from '../components/PassoColunas';
import { PassoConferencia } from '../components/PassoConferencia';
import { PassoImportacao } from '../components/PassoImportacao';
import { mapeamentoEscolhido, type Mapeamento } from '../mapeamento';
import { IMPORTACAO_TEXTOS as T } from '../textos';

type Escolhas = Pick<ImportacaoOpcoes, 'chave' | 'existentes' | 'modo'>;
type Previa = Pick<ImportacaoSimulacao, 'criar' | 'atualizar' | 'ignorar' | 'recusar'>;

const escolhasIniciais = (tipo: TipoImportacao): Escolhas => ({
  chave: CHAVES_IMPORTACAO[tipo][0]!.chave,
  existentes: 'atualizar',
  // Nothing half-imported unless the user asks for it.
  modo: 'tudo',
});

/**
 * /configuracoes/importar (admin and manager): the import wizard, in four steps (what and which
 * file, the columns, the dry run, the run), and the imports done before.
 */
export default function ImportacaoPage() {
  const { user } = useSession();
  const estreita = useMediaQuery('(max-width: 48em)');
  const [passo, setPasso] = useState(0);
  // "Importar planilha" of a list opens the wizard on that list's kind (?tipo=).
  const [busca] = useSearchParams();
  const [tipo, setTipo] = useState<TipoImportacao | null>(() => {
    const pedido = busca.get('tipo');
    return TIPOS_IMPORTACAO.find((t) => t === pedido) ?? null;
  });
  const [arquivo, setArquivo] = useState<ImportacaoArquivo | null>(null);
  const [mapeamento, setMapeamento] = useState<Mapeamento>({});
  const [escolhas, setEscolhas] = useState<Escolhas | null>(null);
  const [previa, setPrevia] = useState<Previa | null>(null);

  const opcoes = useMemo<ImportacaoOpcoes | null>(
    () =>
      arquivo && escolhas
        ? {
            ...(arquivo.folha ? { folha: arquivo.folha } : {}),
            mapeamento: mapeamentoEscolhido(mapeamento),
            ...escolhas,
          }
        : null,
    [arquivo, mapeamento, escolhas],
  );

  function lido(novo: ImportacaoArquivo) {
    setArquivo(novo);
    setMapeamento(novo.mapeamento_sugerido);
    setEscolhas(escolhasIniciais(novo.tipo));
  }

  function recomecar() {
    setPasso(0);
    setArquivo(null);
    setMapeamento({});
    setEscolhas(null);
    setPrevia(null);
  }

  const breadcrumbs = hasRole(user?.role, ['admin'])
    ? [
        { label: 'Início', to: '/dashboard' },
        { label: 'Configurações', to: '/configuracoes' },
        { label: T.titulo },
      ]
    : [{ label: 'Início', to: '/dashboard' }, { label: T.titulo }];

  return (
    <Stack gap="lg">
      <PageHeader title={T.titulo} description={T.descricao} breadcrumbs={breadcrumbs} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stepper
          active={passo}
          // Back to a step already done; never past the next one, nor away from a run.
          onStepClick={(alvo) => {
            if (alvo < passo && passo < 3) setPasso(alvo);
          }}
          size="sm"
          iconSize={estreita ? 28 : undefined}
          wrap
        >
          <Stepper.Step
            label={T.passos[0]}
            description={estreita ? undefined : T.passosDescricao[0]}
          >
            <PassoArquivo
              tipo={tipo}
              onTipo={setTipo}
              onEnviado={(novo) => {
                lido(novo);
                setPasso(1);
              }}
            />
          </Stepper.Step>
          <Stepper.Step
            label={T.passos[1]}
            description={estreita ? undefined : T.passosDescricao[1]}
          >
            {arquivo && (
              <PassoColunas
                arquivo={arquivo}
                mapeamento={mapeamento}
                onMapeamento={setMapeamento}
                onArquivo={lido}
                onVoltar={() => setPasso(0)}
                onProximo={() => setPasso(2)}
              />
            )}
          </Stepper.Step>
          <Stepper.Step
            label={T.passos[2]}
            description={estreita ? undefined : T.passosDescricao[2]}
          >
            {arquivo && opcoes && escolhas && (
              <PassoConferencia
                id={arquivo.id}
                tipo={arquivo.tipo}
                mapeamento={mapeamento}
                opcoes={opcoes}
                onOpcoes={({ chave, existentes, modo }) => setEscolhas({ chave, existentes, modo })}
                onVoltar={() => setPasso(1)}
                onProximo={(simulacao) => {
                  setPrevia(simulacao);
                  setPasso(3);
                }}
              />
            )}
          </Stepper.Step>
          <Stepper.Step
            label={T.passos[3]}
            description={estreita ? undefined : T.passosDescricao[3]}
          >
            {arquivo && opcoes && (
              <PassoImportacao
                id={arquivo.id}
                opcoes={opcoes}
                previa={previa}
                onVoltar={() => setPasso(2)}
                onNova={recomecar}
              />
            )}
          </Stepper.Step>
        </Stepper>
      </Paper>
      <HistoricoImportacoes />
    </Stack>
  );
}
