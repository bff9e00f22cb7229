// Stylesheets (the fonts' @font-face rules) mean nothing to jsdom: jest maps them to this empty module.
export {};
