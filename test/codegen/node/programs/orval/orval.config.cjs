// orval: the fetch client, answering through our own fetch function (the "mutator"), which adds
// the server's address and credentials. The description file comes from the test harness.
module.exports = {
  onedev: {
    input: { target: process.env.ONEDEV_OPENAPI_FILE },
    output: {
      target: './gen/onedev.ts',
      client: 'fetch',
      mode: 'single',
      override: { mutator: { path: './fetcher.ts', name: 'onedevFetch' } },
    },
  },
};
