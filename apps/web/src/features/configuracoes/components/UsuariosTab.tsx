import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { IconKey, IconPlus, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ROLE_LABELS, type Usuario } from '@prumo/shared/auth';
import { useRedefinirDoisFatores, useUsuarios } from '../../../api/usuarios';
import { confirmAction } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { EmptyState } from '../../../components/EmptyState';
import { ListTable } from '../../../components/list/ListTable';
import { EditAction, RowActions } from '../../../components/RowActions';
import { useSession } from '../../../lib/session';
import { RedefinirSenhaModal } from './RedefinirSenhaModal';
import { UsuarioModal } from './UsuarioModal';
import { USUARIO_TEXTOS } from './usuarios-textos';

/** Configurações → Usuários: who signs in, with which role, and whether they still may. */
export function UsuariosTab() {
  const { user } = useSession();
  const usuarios = useUsuarios();
  const [editing, setEditing] = useState<{ usuario: Usuario | null } | null>(null);
  const [senhaDe, setSenhaDe] = useState<Usuario | null>(null);
  const redefinirDoisFatores = useRedefinirDoisFatores();

  async function redefinir(usuario: Usuario) {
    const confirmed = await confirmAction({
      title: 'Redefinir dois fatores',
      message: USUARIO_TEXTOS.confirmarRedefinirDoisFatores(usuario.nome),
      confirmLabel: 'Redefinir',
    });
    if (!confirmed) return;
    redefinirDoisFatores.mutate(usuario.id, {
      onSuccess: () => notifySuccess(USUARIO_TEXTOS.doisFatoresRedefinido),
      onError: (error) => notifyError(errorText(USUARIO_TEXTOS.erroRedefinirDoisFatores, error)),
    });
  }

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          Quem entra no sistema e com qual perfil de acesso.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ usuario: null })}>
          Novo usuário
        </Button>
      </Group>
      {usuarios.isError && (
        <Text c="red" mb="sm">
          {USUARIO_TEXTOS.erroCarregar}
        </Text>
      )}
      <ListTable<Usuario>
        data-testid="usuarios-table"
        records={usuarios.data ?? []}
        fetching={usuarios.isPending}
        emptyState={<EmptyState title="Nenhum usuário" />}
        columns={[
          { accessor: 'nome', title: 'Nome' },
          { accessor: 'email', title: 'E-mail' },
          { accessor: 'role', title: 'Perfil', render: ({ role }) => ROLE_LABELS[role] },
          {
            accessor: 'ativo',
            title: 'Situação',
            render: ({ ativo }) => (
              <Badge color={ativo ? 'green' : 'gray'} variant="light">
                {ativo ? 'Ativo' : 'Inativo'}
              </Badge>
            ),
          },
          {
            accessor: 'dois_fatores',
            title: 'Dois fatores',
            render: ({ dois_fatores }) =>
              dois_fatores ? (
                <Badge
                  color="teal"
                  variant="light"
                  leftSection={<IconShieldCheck size={12} />}
                  data-testid="dois-fatores-ativado"
                >
                  Ativado
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  Não
                </Text>
              ),
          },
          {
            accessor: 'acoes',
            title: '',
            textAlign: 'right',
            render: (usuario) => (
              <RowActions>
                <EditAction name={usuario.nome} onClick={() => setEditing({ usuario })} />
                {usuario.email !== user?.email && (
                  <ActionIcon
                    variant="subtle"
                    title="Redefinir senha"
                    aria-label={`Redefinir senha de ${usuario.nome}`}
                    onClick={() => setSenhaDe(usuario)}
                  >
                    <IconKey size={18} />
                  </ActionIcon>
                )}
                {usuario.dois_fatores && usuario.email !== user?.email && (
                  <ActionIcon
                    variant="subtle"
                    color="orange"
                    title="Redefinir dois fatores"
                    aria-label={`Redefinir dois fatores de ${usuario.nome}`}
                    disabled={redefinirDoisFatores.isPending}
                    onClick={() => void redefinir(usuario)}
                  >
                    <IconShieldOff size={18} />
                  </ActionIcon>
                )}
              </RowActions>
            ),
          },
        ]}
      />
      <UsuarioModal
        opened={editing !== null}
        usuario={editing?.usuario ?? null}
        onClose={() => setEditing(null)}
      />
      <RedefinirSenhaModal usuario={senhaDe} onClose={() => setSenhaDe(null)} />
    </>
  );
}
