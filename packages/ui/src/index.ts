export { BRAND_NAME, ErrorMessage, type ErrorMessageProps, Loading, PoweredBy, type TranslateLike, WayBack } from './components';
export { type DefineElementOptions, defineElement, type ElementProps, hostOf, type RecElementClass } from './define-element';
export { Button, type ButtonProps, MessageBlock, type MessageBlockProps, TextField, type TextFieldProps } from './form-controls';
export {
  type InlinePicture,
  type PictureSource,
  PROFILE_PICTURE_BORDER,
  PROFILE_PICTURE_DEFAULT_SIZE,
  ProfilePicture,
  type ProfilePictureProps,
  pictureSrc,
} from './profile-picture';
export { visitReferralCode, withReferral } from './referral';
export { visitSource, withSource } from './visit-source';
export { type HeadingTag, headingTag } from './heading';
export { safeUrl } from './safe-url';
export { CompanyLogo, logoBox } from './company-logo';
export { ThemeScope } from './theme-scope';
export { useStore } from './use-store';
export { useTranslate } from './use-translate';
export { WIDGETS_VERSION } from './version';
export { type RecWidgetsGlobal, resolveApiBase, widgetsGlobal } from './widgets-global';
// ShareActions: imported as '@rec/ui/share-actions' so the board's chunk does not carry it.
export { DataTable, type DataTableColumn, type DataTableProps, Pagination, type PaginationProps, pageRange, type SortDirection, type SortState } from './data-table';
export { Dialog, type DialogProps } from './dialog';
export { type MenuItem, MenuButton, type MenuButtonProps } from './menu';
export { Toaster, type ToasterProps, type ToastView } from './toasts';
