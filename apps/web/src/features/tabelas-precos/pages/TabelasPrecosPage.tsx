import { Button } from '@mantine/core';
import { IconCoins, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { TabelaPreco } from '@prumo/shared/precos';
import { matchesSearch } from '@prumo/shared/search';
import { useDeleteTabelaPreco, useTabelasPrecos } from '../../../api/tabelas-precos';
import { EmptyState } from '../../../components/EmptyState';
import { ListScreen } from '../../../components/list/ListScreen';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { TabelasPrecosTable } from '../../../components/tables/TabelasPrecosTable';
import { TABELA_TEXTOS } from '../texts';
import { BackButton } from '../../../components/BackButton';

const EMPTY: TabelaPreco[] = [];

/** /produtos/tabelas-precos: the price tables (spec 2.5). */
export default function TabelasPrecosPage() {
  const query = useTabelasPrecos();
  const [search, setSearch] = useState('');
  const handleDelete = useConfirmDelete(useDeleteTabelaPreco().mutateAsync, {
    confirm: TABELA_TEXTOS.confirmarExclusao,
    success: TABELA_TEXTOS.excluida,
    error: TABELA_TEXTOS.erroExcluir,
  });

  const all = query.data ?? EMPTY;
  const tabelas = useMemo(
    () => all.filter((tabela) => matchesSearch(search, tabela.nome, tabela.descricao)),
    [all, search],
  );

  return (
    <ListScreen
      header={{
        title: 'Tabelas de Preços',
        description: 'Margens por tabela e os custos adicionais que cada uma soma ao preço.',
        breadcrumbs: [
          { label: 'Início', to: '/dashboard' },
          { label: 'Produtos', to: '/produtos' },
          { label: 'Tabelas de Preços' },
        ],
        actions: (
          <>
            <BackButton to="/produtos" />
            <Button
              component={Link}
              to="/produtos/custos-adicionais"
              variant="default"
              leftSection={<IconCoins size={16} />}
            >
              Custos Adicionais
            </Button>
            <Button
              component={Link}
              to="/produtos/tabelas-precos/adicionar"
              leftSection={<IconPlus size={16} />}
            >
              Nova Tabela
            </Button>
          </>
        ),
      }}
      search={{
        placeholder: 'Pesquisar tabelas...',
        label: 'Pesquisar tabelas',
        value: search,
        onChange: setSearch,
      }}
      loadError={{ error: query.error, message: 'Erro ao carregar tabelas de preços' }}
      table={
        <TabelasPrecosTable
          data-testid="tabelas-precos-lista"
          comProdutos
          records={tabelas}
          fetching={query.isPending}
          onDelete={(tabela) => void handleDelete(tabela)}
          emptyState={
            all.length === 0 ? (
              <EmptyState
                title="Nenhuma tabela de preços cadastrada"
                hint="Crie tabelas de preços (varejo, atacado, promoções) e defina a margem de cada produto nelas."
                action={
                  <Button
                    component={Link}
                    to="/produtos/tabelas-precos/adicionar"
                    leftSection={<IconPlus size={16} />}
                    mt="xs"
                  >
                    Criar Primeira Tabela
                  </Button>
                }
              />
            ) : (
              <EmptyState
                title="Nenhuma tabela encontrada"
                hint="Nenhuma tabela corresponde à pesquisa."
              />
            )
          }
        />
      }
    />
  );
}
