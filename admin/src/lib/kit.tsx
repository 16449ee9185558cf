import { createTheme, MantineProvider, type MantineColorsTuple } from '@mantine/core';
import type { ReactNode } from 'react';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { ConfirmProvider } from '../components/confirm';
import '../kit.css';

/** The shop's blue (shade 6 is the back office's links and buttons: 8.2:1 on white), for the kit's primary colour. */
const shop: MantineColorsTuple = [
  '#eaf0fb',
  '#d3def4',
  '#a6bde8',
  '#7699db',
  '#4e7bd0',
  '#3766c4',
  '#1f4fa3',
  '#1a4490',
  '#15397a',
  '#0f2c60',
];

// Dialogs and menus open without motion for people who ask their system for less of it.
const theme = createTheme({
  primaryColor: 'shop',
  primaryShade: 6,
  colors: { shop },
  fontFamily: 'system-ui, sans-serif',
  respectReducedMotion: true,
});

/**
 * The component kit (Mantine) under the back office's policy, which allows no inline <style>: its CSS variables and
 * global classes come from its own stylesheets, bundled with the rest, instead of a style element it would inject.
 * Only the stylesheets of the components in use are imported.
 */
export function Kit({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false} forceColorScheme="light">
      <ConfirmProvider>{children}</ConfirmProvider>
    </MantineProvider>
  );
}
