import { Box, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { isActivePath, navSectionsFor } from './navigation';
import classes from './Shell.module.css';

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  // A link the role may not open is not shown (the route would answer Acesso Negado).
  const sections = useMemo(() => navSectionsFor(user?.role), [user?.role]);
  return (
    <>
      <Box className={classes.brand}>
        <Text fw={800} fz={22} c="white" lh={1.1}>
          Prumo
        </Text>
        <Text fz="xs" c="indigo.1">
          Sistema ERP Completo
        </Text>
      </Box>
      <ScrollArea component="nav" aria-label="Menu principal" className={classes.navScroll}>
        <Stack gap="md" p="sm">
          {sections.map((section) => (
            <Box key={section.title}>
              <Text className={classes.sectionTitle}>{section.title}</Text>
              {section.items.map(({ to, label, icon: Icon }) => (
                <NavLink
                  key={to}
                  component={Link}
                  to={to}
                  label={label}
                  leftSection={<Icon size={18} stroke={1.6} />}
                  active={isActivePath(to, pathname)}
                  aria-current={isActivePath(to, pathname) ? 'page' : undefined}
                  onClick={onNavigate}
                  className={classes.navLink}
                />
              ))}
            </Box>
          ))}
        </Stack>
      </ScrollArea>
    </>
  );
}
