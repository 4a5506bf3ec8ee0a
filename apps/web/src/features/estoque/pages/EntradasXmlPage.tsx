import { Button, FileButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEntradasNfe, usePreviaEntrada } from '../../../api/entradas-nfe';
import { DevolucaoDialog } from '../../../components/fiscal/DevolucaoDialog';
import { ListScreen } from '../../../components/list/ListScreen';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { EntradasDetalhe } from '../components/EntradasDetalhe';
import { EntradasImportacao, type Importacao } from '../components/EntradasImportacao';
import { EntradasLista } from '../components/EntradasLista';
import { ENTRADAS_TEXTOS as T } from '../entradas-view';

/** What the file chooser accepts: the supplier's nfeProc. */
const ACEITOS = '.xml,application/xml,text/xml';

/**
 * /estoque/entradas-xml (issue 29, item 5): the purchases entered from the supplier's NF-e XML,
 * and the import: upload → conference of each item's product and factor → confirmation. An
 * entry's view offers Devolver ao fornecedor (issue 29, item 4), whose NF-e opens once issued.
 */
export default function EntradasXmlPage() {
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca.trim(), 300);
  // The page belongs to the search it was chosen under: another search starts on page 1.
  const [pagina, setPagina] = useState({ q, page: 1 });
  const page = pagina.q === q ? pagina.page : 1;
  const entradas = useEntradasNfe({ q: q || undefined }, page);
  const previa = usePreviaEntrada();
  const [importacao, setImportacao] = useState<Importacao | null>(null);
  // The entry on view is in the address (?entrada=), so a return's note can link straight to it.
  const [params, setParams] = useSearchParams();
  const detalheId = Number(params.get('entrada')) || null;
  const setDetalheId = (id: number | null) =>
    setParams(
      (atuais) => {
        const next = new URLSearchParams(atuais);
        if (id === null) next.delete('entrada');
        else next.set('entrada', String(id));
        return next;
      },
      { replace: true },
    );
  const [devolver, setDevolver] = useState<number | null>(null);
  // Cleared after each read, so choosing the same file again reads it again.
  const limparArquivo = useRef<() => void>(null);

  const ler = async (arquivo: File | null) => {
    if (!arquivo) return;
    try {
      setImportacao({ arquivo, previa: await previa.mutateAsync(arquivo) });
    } catch (error) {
      console.error(T.erroPrevia, error);
      notifyError(errorText(T.erroPrevia, error));
    } finally {
      limparArquivo.current?.();
    }
  };

  return (
    <ListScreen
      header={{
        title: T.titulo,
        breadcrumbs: [
          { label: 'Início', to: '/dashboard' },
          { label: 'Estoque', to: '/estoque' },
          { label: T.titulo },
        ],
        actions: (
          <FileButton
            accept={ACEITOS}
            resetRef={limparArquivo}
            onChange={(arquivo) => void ler(arquivo)}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconFileImport size={16} />}
                loading={previa.isPending}
                data-testid="importar-xml"
              >
                {T.importarCurto}
              </Button>
            )}
          </FileButton>
        ),
      }}
      search={{
        placeholder: T.pesquisar,
        label: 'Pesquisar entradas',
        value: busca,
        onChange: setBusca,
      }}
      loadError={{ error: entradas.error, message: T.erroListar }}
      table={
        <EntradasLista
          query={entradas}
          page={page}
          onPageChange={(novaPagina) => setPagina({ q, page: novaPagina })}
          filtrada={q !== ''}
          onAbrir={(entrada) => setDetalheId(entrada.id)}
        />
      }
    >
      <EntradasImportacao
        importacao={importacao}
        onClose={() => setImportacao(null)}
        onLancada={(entrada) => {
          setImportacao(null);
          setDetalheId(entrada.id);
        }}
      />
      <EntradasDetalhe
        id={detalheId}
        onClose={() => setDetalheId(null)}
        onDevolver={(entrada) => {
          setDetalheId(null);
          setDevolver(entrada.id);
        }}
      />
      <DevolucaoDialog
        origem={devolver === null ? null : { tipo: 'fornecedor', entrada_id: devolver }}
        onClose={() => setDevolver(null)}
      />
    </ListScreen>
  );
}
