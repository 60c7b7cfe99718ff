// The altcha package ships no types for its per-language strings (its exports point at files it does not include);
// each module only registers its strings with the widget, so it has nothing to type.
declare module 'altcha/i18n/*';
