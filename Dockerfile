# Build: docker build -t kibitz .
# Run:   docker run -it -v kibitz-data:/data kibitz            (console chat)
#        docker run -d -e DISCORD_TOKEN=… -v kibitz-data:/data kibitz
# Several processes on one PostgreSQL behind a load balancer: compose.yaml (README, Deploying).
#
# The dependencies are compiled in a layer of their own (cargo-chef): its input is the recipe,
# the manifests and Cargo.lock alone, so a change to the sources rebuilds the kibitz crate and
# nothing else.

FROM rust:1.95-slim-bookworm AS chef
RUN cargo install cargo-chef --locked --version 0.1.77
# Set before both `cook` and `build`: a profile that differs between them would rebuild every
# dependency. No debug info and a stripped binary for the image; Cargo.toml keeps `debug = 1`
# for profiling on a developer's machine.
ENV CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_STRIP=true
WORKDIR /src

FROM chef AS planner
COPY . .
RUN cargo chef prepare --recipe-path recipe.json

FROM chef AS build
COPY --from=planner /src/recipe.json recipe.json
RUN cargo chef cook --release --recipe-path recipe.json
COPY . .
RUN cargo build --release --locked --bin kibitz

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /data kibitz \
    && mkdir -p /data && chown kibitz /data
COPY --from=build /src/target/release/kibitz /usr/local/bin/kibitz
USER kibitz
WORKDIR /data
ENV DATABASE_URL=sqlite:///data/kibitz.db \
    KIBITZ_IMAGE_DIR=/data/kibitz-images \
    KIBITZ_HTTP_ADDR=0.0.0.0:8080 \
    RUST_LOG=warn,kibitz=info
EXPOSE 8080
# The slim image has no curl: the binary asks its own /healthz (KIBITZ_HTTP_ADDR's port on
# loopback).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["kibitz", "health"]
VOLUME ["/data"]
ENTRYPOINT ["kibitz"]
CMD ["run"]
