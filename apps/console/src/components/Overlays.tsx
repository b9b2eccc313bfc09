/**
 * Mantine's Modal and Drawer with their content as a region of its own (RegionBoundary, kind
 * `dialog`): what fails inside shows inside, the window's title and close button stay, and the page
 * behind it is untouched. The console's screens import these instead of Mantine's.
 */
import { Drawer as MantineDrawer, Modal as MantineModal } from '@mantine/core';
import type { DrawerProps, ModalProps } from '@mantine/core';
import { RegionBoundary } from './RegionBoundary';

export function Modal({ children, ...props }: ModalProps) {
  return (
    <MantineModal {...props}>
      <RegionBoundary kind="dialog">{children}</RegionBoundary>
    </MantineModal>
  );
}

export function Drawer({ children, ...props }: DrawerProps) {
  return (
    <MantineDrawer {...props}>
      <RegionBoundary kind="dialog">{children}</RegionBoundary>
    </MantineDrawer>
  );
}
