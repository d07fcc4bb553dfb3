// The catalogs and language-code mapping live in the domain (the server's e-mails use them too).
export * from '../domain/locales';
