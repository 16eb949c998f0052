// `t3-composer/transport`: the transport interface and its adapters.
export {};
