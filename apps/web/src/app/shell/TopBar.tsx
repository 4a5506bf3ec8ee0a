import { ActionIcon, Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMenu2, IconUser, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { initials } from '../../lib/initials';
import { NotificacoesBell } from '../../components/NotificacoesBell';
import { TemaToggle } from '../../components/tema';
import { useSession } from '../../lib/session';
import classes from './Shell.module.css';

export function TopBar({
  sidebarOpen,
  onToggleSidebar,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { user, logout } = useSession();
  const name = user?.nome || 'Usuário';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={onToggleSidebar}
        aria-label={sidebarOpen ? 'Fechar menu' : 'Abrir menu'}
      >
        {sidebarOpen ? <IconX size={22} /> : <IconMenu2 size={22} />}
      </ActionIcon>

      <Group gap="sm" wrap="nowrap">
        <NotificacoesBell />
        <TemaToggle />
        <Text fw={500} className={classes.userName} data-testid="topbar-user-name">
          {name}
        </Text>
        <Menu position="bottom-end" width={240} shadow="md" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label="Menu do usuário">
              <Avatar color="indigo" radius="xl" data-testid="topbar-avatar">
                {initials(user?.nome)}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Stack gap={0} px="sm" py={6}>
              <Text fw={600} size="sm">
                {name}
              </Text>
              <Text size="xs" c="dimmed">
                {user?.email}
              </Text>
            </Stack>
            <Menu.Divider />
            <Menu.Item leftSection={<IconUser size={16} />} component={Link} to="/perfil">
              Perfil
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
              Sair
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
