// Tools that would download their own browser must not: this project drives Debian's Chromium.
module.exports = { skipDownload: true };
