/**
 * The console's resource kit: declare a kind of entity once (`defineResource`) and get its list
 * page, its modal form, its mutations with toasts, its live refresh and its role gating
 * (`ResourcePage`); screens that need more compose the parts. README: apps/console/README.md.
 */
export { canApply, canCall, useCanApply, useCanCall, useUserRoles } from './access';
export {
  AssociationPanel,
  associationTab,
  BY_NAME,
  inventoryCandidates,
  listRows,
  nameSearch,
  pageRows,
  type Association,
  type Candidates,
  type Change,
  type Member,
  type MemberPage,
  type Search,
} from './Association';
export { byName, newest, removeFromList, removeFromPage, replaces, upsertInList, upsertInPage, type ListPatch, type Page, type Versioned } from './cache';
export { ResourceForm } from './fields';
export { FormPanel } from './FormPanel';
export { numberOf, schemaCheck, type CustomFieldProps, type Field, type Option, type TextKey } from './formRules';
export { ResourcePage, useResourceMutations } from './ResourcePage';
export { InventorySelect } from './InventorySelect';
export { ListTable, type ListColumn, type RowData } from './ListTable';
export { ErrorAlert } from './ErrorAlert';
export { DeleteButton, ModalFooter, ResourceModal, type ModalTab } from './ModalParts';
export { InfoSection, LabelledValue, NameValues } from './NameValues';
export { MutedText, StrongText } from './MutedText';
export { mapOp, op, type Op } from './op';
export { defineResource, PAGE_SIZE, searchQuery, searchValueQuery, type ListView, type Resource, type ResourceTab } from './resource';
export { ResourceList, useListView } from './ResourceList';
export { useToastMutation, type ToastMutationOptions } from './useToastMutation';
export { versionedUpdate } from './versionedUpdate';
export { RowButtonsPage } from './RowButtonsPage';
export { TabbedModal, type ModalReadError, type TabbedModalProps } from './TabbedModal';
