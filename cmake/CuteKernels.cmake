# cute_add_kernel_library(<target> SOURCE <kernel.mlir>
#                         [CHIPS <chip>...]        # default sm_90a sm_100a sm_120a
#                         [NAMESPACE <ns>]         # default cute_kernels::<module>
#                         [MODULE <name>]          # default: the source's gpu.module
#                         [OPTIONS <opt>...]       # more --cute-compile options
#                         [INSTANCES <inst>...]    # [suffix:]name=value,... each
#                         [PRECOMPILED <dir>]      # use <dir>/<chip>/<module>.<chip>.{cubin,json[,ptx]}
#                         [DEPENDS <file>...])     # more files the compile reads (imports of imports)
#
# An AOT kernel library: compiles the module for every chip with cute-opt
# (or takes the cubins and metadata already in PRECOMPILED, e.g. on a
# machine without cute-opt), generates the typed launcher header
# <target>/<module>.h with cute-aot and a static library embedding every
# chip's image and PTX; Module::load(ctx) picks the device's (the PTX on the
# emulator, CUTE_DEVICE=emu:<chip>; a PRECOMPILED dir without the .ptx
# files gives a library for GPUs only). Link <target> and
# include "<module>.h" (docs/launchers.md). Works in this build tree and from
# the installed CuteMLIR package. With INSTANCES (a source with instance
# parameters, docs/instances.md), every instance's kernels are in the one
# module, each with its own typed launcher named after the instance. The
# source is recompiled when a .mlir file of its directory changes, one it
# imports from another directory (cute.imports' "../dir/file.mlir"), or one
# of DEPENDS (what those import in turn). A second library of the same
# source and chips (no OPTIONS or INSTANCES) embeds the first one's images
# instead of compiling them again.
# cute_kernel_images(<module> <chip> <source> <base-var> <owner-var>): the
# images of <source>'s <module> for <chip> that a kernel library of this
# build compiled with no OPTIONS or INSTANCES (global property
# CUTE_KERNEL_IMAGES_<module>_<chip>: source, base path, target): sets
# <base-var> to their path without extension and <owner-var> to that
# library, or both empty.
function(cute_kernel_images module chip source baseVar ownerVar)
  get_property(known GLOBAL PROPERTY CUTE_KERNEL_IMAGES_${module}_${chip})
  set(base)
  set(owner)
  if(known)
    list(GET known 0 knownSource)
    if(knownSource STREQUAL source)
      list(GET known 1 base)
      list(GET known 2 owner)
    endif()
  endif()
  set(${baseVar} "${base}" PARENT_SCOPE)
  set(${ownerVar} "${owner}" PARENT_SCOPE)
endfunction()

function(cute_add_kernel_library target)
  cmake_parse_arguments(ARG "" "SOURCE;NAMESPACE;MODULE;PRECOMPILED"
                        "CHIPS;OPTIONS;INSTANCES;DEPENDS" ${ARGN})
  if(NOT ARG_CHIPS)
    set(ARG_CHIPS sm_90a sm_100a sm_120a)
  endif()
  if(TARGET cute-aot)
    set(aot cute-aot)
  elseif(TARGET CuteMLIR::cute-aot)
    set(aot CuteMLIR::cute-aot)
  else()
    message(FATAL_ERROR "cute_add_kernel_library(${target}): no cute-aot")
  endif()
  if(TARGET CuteRuntime)
    set(runtime CuteRuntime)
  else()
    set(runtime CuteMLIR::runtime)
  endif()
  if(NOT ARG_PRECOMPILED)
    if(TARGET cute-opt)
      set(opt cute-opt)
    elseif(TARGET CuteMLIR::cute-opt)
      set(opt CuteMLIR::cute-opt)
    else()
      message(FATAL_ERROR "cute_add_kernel_library(${target}): no cute-opt "
        "in this configuration (a runtime-only build or package): pass "
        "PRECOMPILED <dir> with the cubins and metadata")
    endif()
    if(NOT ARG_SOURCE)
      message(FATAL_ERROR "cute_add_kernel_library(${target}): SOURCE is required")
    endif()
    get_filename_component(ARG_SOURCE ${ARG_SOURCE} ABSOLUTE)
  endif()
  if(NOT ARG_MODULE)
    if(NOT ARG_SOURCE)
      message(FATAL_ERROR "cute_add_kernel_library(${target}): give SOURCE or MODULE")
    endif()
    file(STRINGS ${ARG_SOURCE} lines REGEX "gpu\\.module @")
    string(REGEX MATCH "gpu\\.module @([A-Za-z_][A-Za-z0-9_]*)" found "${lines}")
    if(NOT found)
      message(FATAL_ERROR "cute_add_kernel_library(${target}): no "
        "'gpu.module @name' in ${ARG_SOURCE}")
    endif()
    set(ARG_MODULE ${CMAKE_MATCH_1})
  endif()

  # The files the source may import (cute.imports): its directory's other
  # sources and those it names in other directories ("../dir/file.mlir").
  set(siblings)
  if(ARG_SOURCE)
    get_filename_component(srcdir ${ARG_SOURCE} DIRECTORY)
    file(GLOB siblings CONFIGURE_DEPENDS ${srcdir}/*.mlir)
    file(STRINGS ${ARG_SOURCE} importLines REGEX "cute\\.imports")
    string(REGEX MATCHALL "\\.\\./[A-Za-z0-9_./-]+\\.mlir" farImports
           "${importLines}")
    foreach(f ${farImports})
      list(APPEND siblings ${srcdir}/${f})
    endforeach()
  endif()
  set(instance_args)
  foreach(inst ${ARG_INSTANCES})
    list(APPEND instance_args "--cute-instance=${inst}")
  endforeach()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${target}.cute)
  set(images)
  set(inputs)
  set(reused)
  foreach(chip ${ARG_CHIPS})
    # The same source compiled for the same chip by an earlier library of
    # this build (no OPTIONS or INSTANCES on either): its images, not a
    # second compile (global property CUTE_KERNEL_IMAGES_<module>_<chip>:
    # source, base path, target; test/emu copies them the same way).
    set(plain FALSE)
    if(NOT ARG_PRECOMPILED AND NOT ARG_OPTIONS AND NOT ARG_INSTANCES)
      set(plain TRUE)
    endif()
    set(knownBase)
    if(plain)
      cute_kernel_images(${ARG_MODULE} ${chip} "${ARG_SOURCE}" knownBase owner)
    endif()
    if(ARG_PRECOMPILED)
      set(base ${ARG_PRECOMPILED}/${chip}/${ARG_MODULE}.${chip})
    elseif(knownBase)
      set(base ${knownBase})
      list(APPEND reused ${owner})
    else()
      set(base ${dir}/${chip}/${ARG_MODULE}.${chip})
      if(plain)
        set_property(GLOBAL PROPERTY CUTE_KERNEL_IMAGES_${ARG_MODULE}_${chip}
                     "${ARG_SOURCE};${base};${target}")
      endif()
      add_custom_command(
        OUTPUT ${base}.cubin ${base}.json ${base}.ptx
        COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}/${chip}
        COMMAND ${opt} ${ARG_SOURCE} ${instance_args}
          "--cute-compile=chip=${chip} format=cubin output-dir=${dir}/${chip} ${ARG_OPTIONS}"
          -o ${dir}/${chip}/${ARG_MODULE}.${chip}.mlir
        DEPENDS ${ARG_SOURCE} ${siblings} ${ARG_DEPENDS} ${opt}
        COMMENT "cute-opt: ${ARG_MODULE} for ${chip}"
        VERBATIM)
    endif()
    if(NOT ARG_PRECOMPILED OR EXISTS ${base}.ptx)
      list(APPEND images --image ${chip}=${base}.cubin,${base}.json,${base}.ptx)
      list(APPEND inputs ${base}.cubin ${base}.json ${base}.ptx)
    else()
      list(APPEND images --image ${chip}=${base}.cubin,${base}.json)
      list(APPEND inputs ${base}.cubin ${base}.json)
    endif()
  endforeach()
  set(ns_args)
  if(ARG_NAMESPACE)
    set(ns_args --namespace ${ARG_NAMESPACE})
  endif()
  set(header ${dir}/include/${ARG_MODULE}.h)
  set(source ${dir}/${ARG_MODULE}.cpp)
  add_custom_command(
    OUTPUT ${header} ${source}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}/include
    COMMAND ${aot} --header ${header} --source ${source} ${ns_args} ${images}
    DEPENDS ${inputs} ${aot}
    COMMENT "cute-aot: ${ARG_MODULE} (${ARG_CHIPS})"
    VERBATIM)
  add_library(${target} STATIC ${source} ${header})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC ${dir}/include)
  target_link_libraries(${target} PUBLIC ${runtime})
  if(reused)
    list(REMOVE_DUPLICATES reused)
    add_dependencies(${target} ${reused})
  endif()
  # Where the images are (<dir>/<chip>/<module>.<chip>.*): this library's,
  # another library's it reuses, or PRECOMPILED.
  get_filename_component(imageDir ${base} DIRECTORY)
  get_filename_component(imageDir ${imageDir} DIRECTORY)
  set_target_properties(${target} PROPERTIES CUTE_IMAGE_DIR ${imageDir})
endfunction()
