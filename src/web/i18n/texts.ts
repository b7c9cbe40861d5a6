// The translator is shared with the server (src/common/i18n.ts); the web's screens import it from here.
export { Texts, type Loader, type TextTree, type TFunction, type TOptions } from '../../common/i18n';
